import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../src/admin/dataProvider';
import { RoyalMailList } from '../../src/admin/royalmail/RoyalMailList';
import { answerWith, stopAnswering, type FakeAnswer } from './helpers/fakeAdapter';

afterEach(() => stopAnswering());

const order = (id: number, ref: string) => ({
  id,
  ref,
  customer: 'Inkwell Design Studio',
  recipient: 'Jane Okafor',
  postcode: 'M1 3LJ',
  country_code: 'GB',
  weight: 350,
  package_size: 'largeLetter',
  service_code: 'CRL24',
  service_name: 'Royal Mail 24',
  dispatch_due: '2026-11-26',
  tracking_number: null,
  royalmail_order_id: null,
  version: 3,
});

/** The Royal Mail page's API: two orders, Click & Drop connected; the push answers `push`. */
function royalMailApi(push: FakeAnswer) {
  return answerWith((config): FakeAnswer => {
    const path = new URL(config.url!, 'http://localhost').pathname;
    if (path === '/api/admin/royalmail/status') return { body: JSON.stringify({ push_enabled: true, waiting: 2 }) };
    if (path === '/api/admin/royalmail' && config.method === 'get') {
      return { body: JSON.stringify([order(41, 'PO-41'), order(42, 'PO-42')]), headers: { 'content-range': 'royalmail 0-1/2' } };
    }
    if (path === '/api/admin/royalmail/push') return push;
    return { status: 404, body: '{"message":"Not found"}' };
  });
}

async function sendBoth() {
  const user = userEvent.setup();
  render(
    <TestMemoryRouter initialEntries={['/royalmail']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <ResourceContextProvider value="royalmail">
          <RoyalMailList />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  for (const ref of ['PO-41', 'PO-42']) await user.click(within(await screen.findByRole('row', { name: new RegExp(ref) })).getByRole('checkbox'));
  await user.click(await screen.findByRole('button', { name: 'Send to Click & Drop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send 2 orders to Click & Drop' });
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return dialog;
}

describe('sending orders to Click & Drop from the Royal Mail page', () => {
  it('shows, order by order, the tracking numbers stored and why Royal Mail refused the others', async () => {
    const seen = royalMailApi({
      body: JSON.stringify([
        { id: 41, ok: true, tracking_number: 'RM000000041GB', royalmail_order_id: 9001 },
        { id: 42, ok: false, message: 'Postcode not recognised (postcode)' },
      ]),
    });
    const dialog = await sendBoth();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('1 of 2 orders sent. 1 could not be sent:');
    expect(within(dialog).getByRole('list', { name: 'Orders not sent' })).toHaveTextContent('#42Postcode not recognised (postcode)');
    expect(within(dialog).getByRole('list', { name: 'Orders sent' })).toHaveTextContent('#41Tracking number RM000000041GB');
    expect(JSON.parse(seen.find((r) => r.url?.endsWith('/royalmail/push'))!.data as string)).toEqual({ ids: [41, 42] });
  });

  it("shows Royal Mail's own failure in the dialog, with nothing sent, and lets staff try again", async () => {
    royalMailApi({
      status: 502,
      body: JSON.stringify({ message: 'Royal Mail refused the API key (ROYALMAIL_API_KEY): check it in Click & Drop → Settings → Integrations' }),
    });
    const dialog = await sendBoth();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Royal Mail refused the API key');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(within(dialog).queryByRole('status')).toBeNull();
  });
});
