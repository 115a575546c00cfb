import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render as renderBare, screen } from '@testing-library/react';
import { QueryProvider } from '../../src/customer/api/queryClient';
import { SettingText } from '../../src/customer/components/SettingText';
import { fakeApi, stopFakeApi } from '../helpers/fakeApi';

afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

/** As in the layouts: the setting is read through the app's query cache. */
const render = (ui: ReactNode) => renderBare(ui, { wrapper: QueryProvider });

/** A reply the test releases when it wants, to see the loading state first. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SettingText', () => {
  it('shows "Loading..." and then the value as text', async () => {
    const answer = deferred<{ data: unknown }>();
    const requests = fakeApi(() => answer.promise);

    render(<SettingText name="STATUS_TEXT" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    answer.resolve({ data: { name: 'STATUS_TEXT', value: 'Orders before <b>noon</b> ship today' } });
    expect(await screen.findByText('Orders before <b>noon</b> ship today')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(requests[0].method).toBe('get');
    expect(requests[0].url).toBe('/api/settings/STATUS_TEXT');
  });

  it('renders inside a Typography of the given variant', async () => {
    fakeApi(() => ({ data: { name: 'STATUS_TEXT', value: 'Open as usual' } }));
    render(<SettingText name="STATUS_TEXT" variant="body2" component="p" />);
    const text = await screen.findByText('Open as usual');
    expect(text.tagName).toBe('P');
    expect(text).toHaveClass('MuiTypography-body2');
  });

  it('on failure only logs the error data and renders nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi(() => ({ status: 404, data: { message: 'Not found' } }));

    const { container } = render(<SettingText name="STATUS_TEXT" variant="body2" />);

    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(consoleError.mock.calls[0]).toContainEqual({ message: 'Not found' });
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('a 500 is only logged too: no error dialog (specification §7, §8)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = fakeApi(() => ({ status: 500, data: { message: 'Server Error' } }));
    render(<SettingText name="STATUS_TEXT" />);
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(requests[0].skipErrorDialogs).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.swal2-popup')).toBeNull();
  });

  it('an answer that is not a setting is logged and shows nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi(() => ({ data: '<html>captive portal</html>', contentType: 'text/html' }));
    const { container } = render(<SettingText name="STATUS_TEXT" />);
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('loads again when the name changes', async () => {
    fakeApi((config) => ({ data: { name: 'x', value: `value of ${config.url}` } }));
    const { rerender } = render(<SettingText name="STATUS_TEXT" />);
    await screen.findByText('value of /api/settings/STATUS_TEXT');
    rerender(<SettingText name="COMPANY_NAME" />);
    expect(await screen.findByText('value of /api/settings/COMPANY_NAME')).toBeInTheDocument();
  });
});
