import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { dataProvider } from '../../src/admin/dataProvider';
import { ExportOrdersButton } from '../../src/admin/users/tabs/ExportOrdersButton';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';

const followed: string[] = [];
vi.mock('../../src/admin/common/followLink', () => ({ followLink: (url: string) => followed.push(url) }));

afterEach(() => {
  stopAnswering();
  followed.length = 0;
});

const user = { id: 7, firstname: 'Jane', lastname: 'Okafor', company_name: 'Inkwell Design Studio' };
const LINK = '/api/downloads/orders-xlsx/7?dispatched=1&from=2026-01-01&to=2026-03-31&expires=1&signature=x';

async function openDialog(answer: FakeAnswer) {
  const seen = answerWith(() => answer);
  const u = userEvent.setup();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
      <ExportOrdersButton user={user} />
    </AdminContext>,
  );
  await u.click(screen.getByRole('button', { name: 'Export to Excel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export Inkwell Design Studio’s orders to Excel' });
  return { u, dialog, seen };
}

describe('Export to Excel on a user’s Orders tab', () => {
  it('asks for a link with the choices made, and lets the browser follow it', async () => {
    const { u, dialog, seen } = await openDialog({ body: JSON.stringify({ url: LINK, expires_at: '2026-01-01T00:01:00Z' }) });
    expect(within(dialog).getByRole('radio', { name: 'All orders' })).toBeChecked();
    await u.click(within(dialog).getByRole('radio', { name: 'Dispatched only' }));
    await u.type(within(dialog).getByLabelText(/^From/), '2026-01-01');
    await u.type(within(dialog).getByLabelText(/^To/), '2026-03-31');
    await u.click(within(dialog).getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(followed).toEqual([LINK]));
    expect(seen[0].url).toBe('/api/admin/users/7/orders-export');
    expect(JSON.parse(seen[0].data as string)).toEqual({ dispatched: true, from: '2026-01-01', to: '2026-03-31' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends no days when none are given, and shows what the server refused beside the field', async () => {
    const { u, dialog, seen } = await openDialog({
      status: 422,
      body: JSON.stringify({ message: 'The given data was invalid.', errors: { to: 'The last day must be on or after the first day' } }),
    });
    await u.click(within(dialog).getByRole('button', { name: 'Export' }));
    const to = within(dialog).getByLabelText(/^To/);
    await vi.waitFor(() => expect(to).toHaveAccessibleDescription('The last day must be on or after the first day'));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(seen[0].data as string)).toEqual({ dispatched: false });
    expect(followed).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
