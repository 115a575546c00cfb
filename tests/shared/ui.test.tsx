import { describe, expect, it } from 'vitest';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { render, screen } from '@testing-library/react';
import { DashboardTile, LoadingIndicator } from '../../src/shared/ui';
import { UploadProgress } from '../../src/shared/ui/UploadProgress';

describe('LoadingIndicator', () => {
  it('shows "Loading" and "Please wait" in a polite status region', () => {
    render(<LoadingIndicator />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading');
    expect(status).toHaveTextContent('Please wait');
    expect(screen.getByText('Loading')).toBeVisible();
    expect(screen.getByText('Please wait')).toBeVisible();
  });
});

describe('UploadProgress', () => {
  it('says what is being sent and how far, in words and as a bar, in a status region', () => {
    const { rerender } = render(<UploadProgress label="Uploading the artwork for Business cards" percent={40} />);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading the artwork for Business cards… 40%');
    const bar = screen.getByRole('progressbar', { name: 'Uploading the artwork for Business cards: 40%' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    rerender(<UploadProgress label="Uploading the artwork for Business cards" percent={100} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('status')).toHaveTextContent('100%');
  });
});

describe('DashboardTile', () => {
  const tile = { icon: '/img/stock.svg', name: 'Stock', description: 'Paper stocks and their costs', url: '/admin/stock' };

  it('is one link to the url with the icon, the name as a heading and the description', () => {
    const { container } = render(<DashboardTile {...tile} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/admin/stock');
    expect(link).toHaveTextContent('Paper stocks and their costs');
    expect(screen.getByRole('heading', { name: 'Stock' })).toBeInTheDocument();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/img/stock.svg');
    expect(img).toHaveAttribute('alt', '');
  });

  it('renders through a given link component, which receives href', () => {
    const RouterLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(({ href, ...rest }, ref) => (
      <a ref={ref} href={href} data-router-link="" {...rest} />
    ));
    RouterLink.displayName = 'RouterLink';
    render(<DashboardTile {...tile} linkComponent={RouterLink} />);
    const link = screen.getByRole('link', { name: /Stock/ });
    expect(link).toHaveAttribute('data-router-link');
    expect(link).toHaveAttribute('href', '/admin/stock');
  });
});
