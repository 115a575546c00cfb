import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { dataProvider } from '../../src/admin/dataProvider';
import { CreditReleases } from '../../src/admin/users/tabs/CreditRelease';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';

afterEach(() => stopAnswering());

const baskets = [
  { id: 41, version: 3, credit_released_at: null },
  { id: 42, version: 1, credit_released_at: '2026-11-25T10:00:00.000Z' },
];

async function openDialog(answer: FakeAnswer) {
  const seen = answerWith(() => answer);
  const released = vi.fn();
  const u = userEvent.setup();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
      <CreditReleases baskets={baskets} onReleased={released} />
    </AdminContext>,
  );
  // A basket already allowed through says so, and has no button.
  expect(screen.getByText(/Allowed through on Wed 25 Nov/)).toBeTruthy();
  expect(screen.getAllByRole('button')).toHaveLength(1);
  await u.click(screen.getByRole('button', { name: 'Allow basket 41 through' }));
  const dialog = await screen.findByRole('dialog', { name: 'Allow basket 41 through the credit hold' });
  return { u, dialog, seen, released };
}

describe('Allow this order through, on a held customer’s Invoices tab', () => {
  it('sends the reason with the version the basket was read at, and says it is done', async () => {
    const { u, dialog, seen, released } = await openDialog({ body: JSON.stringify({ id: 41, version: 4, credit_released_at: '2026-11-26T10:00:00.000Z' }) });
    await u.type(within(dialog).getByLabelText(/^Why/), 'Paid by transfer this morning');
    await u.click(within(dialog).getByRole('button', { name: 'Allow it through' }));
    await vi.waitFor(() => expect(released).toHaveBeenCalledOnce());
    expect(seen[0].url).toBe('/api/admin/orders/41/credit-release');
    expect(JSON.parse(seen[0].data as string)).toEqual({ reason: 'Paid by transfer this morning', version: 3 });
  });

  it('shows the server’s refusal of the reason beside the field, and keeps the dialog open', async () => {
    const { u, dialog, released } = await openDialog({
      status: 422,
      body: JSON.stringify({ message: 'The given data was invalid.', errors: { reason: 'The reason is required' } }),
    });
    await u.click(within(dialog).getByRole('button', { name: 'Allow it through' }));
    const why = within(dialog).getByLabelText(/^Why/);
    await vi.waitFor(() => expect(why).toHaveAccessibleDescription('The reason is required'));
    expect(why).toHaveAttribute('aria-invalid', 'true');
    expect(released).not.toHaveBeenCalled();
  });
});
