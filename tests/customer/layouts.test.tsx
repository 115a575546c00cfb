import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { queryClient } from '../../src/customer/api/queryClient';
import { ErrorLayout } from '../../src/customer/layouts/ErrorLayout';
import { clearSession, getAuthState, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const api = (extra: Record<string, Handler> = {}) => fakeApi({ ...BACKGROUND_ROUTES, ...extra });
const hrefs = (links: HTMLElement[]) => links.map((link) => [link.textContent, link.getAttribute('href')]);

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  Cookies.remove('intended_url', { path: '/' });
});
afterEach(() => stopFakeApi());

describe('default layout', () => {
  it('has the navigation bar exactly as the specification lists it', async () => {
    api();
    setUser(makeUser());
    await renderApp('/orders?status=printing');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(hrefs(within(nav).getAllByRole('link'))).toEqual([
      ['New Order', '/create'],
      ['Pending', '/orders?status=live'],
      ['Processing', '/orders?status=printing'],
      ['Issues', '/orders?status=problem'],
      ['Dispatched', '/orders?status=dispatched'],
      ['Cancelled', '/orders?status=cancelled'],
      ['Invoices', '/invoices'],
      ['Prices', '/prices'],
      ['Resolution Centre', '/tickets'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Processing' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Pending' })).not.toHaveAttribute('aria-current');
  });

  it('has the logo linking to / and the status banner text', async () => {
    api();
    setUser(makeUser());
    await renderApp('/prices');
    expect(screen.getByRole('link', { name: 'Print Junction Trade home' })).toHaveAttribute('href', '/');
    expect(await screen.findByText('Orders placed by 2pm are printed today')).toBeInTheDocument();
  });

  it('has the footer: working hours, the company address, copyright with the current year, legal links', async () => {
    api();
    setUser(makeUser());
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Monday to Friday 08:30 to 17:00')).toBeInTheDocument();
    expect(await within(footer).findByText(/1 Press Lane/)).toBeInTheDocument();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Print Junction Trade. All rights reserved.`)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/terms/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms/terms');
  });

  it('account menu: Update Profile, Change Password, Company, Address Book, Trade API and Logout; Administrator for the admin role only', async () => {
    api();
    setUser(makeUser({ role: 'trade', firstname: 'Jo' }));
    const customerView = await renderApp('/');
    fireEvent.click(screen.getByRole('button', { name: 'Jo' }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Update Profile', 'Change Password', 'Company', 'Address Book', 'Trade API', 'Logout']);
    customerView.unmount();

    setUser(makeUser({ role: 'admin', firstname: 'Sam' }));
    await renderApp('/');
    fireEvent.click(screen.getByRole('button', { name: 'Sam' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Administrator' })).toHaveAttribute('href', '/admin');
    expect(within(menu).getByRole('menuitem', { name: 'Update Profile' })).toHaveAttribute('href', '/account/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute('href', '/account/password');
    expect(within(menu).getByRole('menuitem', { name: 'Address Book' })).toHaveAttribute('href', '/account/addresses');
    expect(within(menu).getByRole('menuitem', { name: 'Company' })).toHaveAttribute('href', '/account/company');
  });

  it('Logout signs out even when the server call fails, then shows the login route', async () => {
    const requests = api({ 'POST /api/logout': () => ({ status: 500, data: { message: 'Server Error' } }) });
    setUser(makeUser({ firstname: 'Jo' }));
    const { router } = await renderApp('/prices');
    fireEvent.click(screen.getByRole('button', { name: 'Jo' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(here(router)).toBe('/login'));
    await settleRouter(router);
    expect(getAuthState().user).toBeNull();
    expect(requests.some((request) => request.url === '/api/logout')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('the narrow-screen menu opens from the keyboard, holds every entry and closes with Escape', async () => {
    const user = userEvent.setup();
    api();
    setUser(makeUser({ role: 'admin', firstname: 'Sam' }));
    await renderApp('/prices'); // a page without decorative images, which are "presentation" too
    const button = screen.getByRole('button', { name: 'Open menu' });
    button.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('presentation');
    const labels = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['New Order', 'Pending', 'Resolution Centre', 'Update Profile', 'Change Password', 'Address Book', 'Administrator']),
    );
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(drawer).toContainElement(document.activeElement as HTMLElement); // focus moved into the menu
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('presentation')).toBeNull());
    expect(button).toHaveFocus(); // and back to the button
  });
});

describe('plain layout', () => {
  it('shows the status banner and a centred card for signed-out pages', async () => {
    api();
    await renderApp('/login');
    expect(await screen.findByText('Orders placed by 2pm are printed today')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open a trade account' })).toHaveAttribute('href', '/register');
  });

  it('the banner shows "Loading..." meanwhile and disappears when STATUS_TEXT is empty', async () => {
    let answer!: (reply: { data: unknown }) => void;
    api({ 'GET /api/settings/STATUS_TEXT': () => new Promise((resolve) => (answer = resolve)) });
    await renderApp('/login');
    const banner = screen.getByRole('status', { name: 'Service status' });
    expect(banner).toHaveTextContent('Loading...');
    answer({ data: { name: 'STATUS_TEXT', value: '' } });
    await waitFor(() => expect(banner).toBeEmptyDOMElement());
  });
});

describe('error layout', () => {
  it('shows the heading "Error" and the text "There has been a problem"', () => {
    render(<ErrorLayout />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('There has been a problem')).toBeInTheDocument();
  });
});

describe('home page', () => {
  it('has tiles for Pending, Processing, Issues and Dispatched, with counts when the API has them', async () => {
    api({ 'GET /api/orders/counts': () => ({ data: { live: 3, printing: 1, problem: 0, dispatched: 12, cancelled: 2 } }) });
    setUser(makeUser());
    await renderApp('/');
    const tiles = screen.getByRole('list', { name: 'Your orders by status' });
    expect(hrefs(within(tiles).getAllByRole('link')).map(([, href]) => href)).toEqual([
      '/orders?status=live',
      '/orders?status=printing',
      '/orders?status=problem',
      '/orders?status=dispatched',
    ]);
    expect(await within(tiles).findByText(/^3 orders/)).toBeInTheDocument();
    expect(within(tiles).getByText(/^1 order ·/)).toBeInTheDocument();
  });

  it('without the counts API the tiles show no numbers and no error', async () => {
    api(); // GET /api/orders/counts answers 404
    setUser(makeUser());
    await renderApp('/');
    expect(screen.getByRole('heading', { name: 'Pending' })).toBeInTheDocument();
    expect(screen.queryByText(/\d+ orders?/)).toBeNull();
  });

  it('the order search goes to /orders?q=…', async () => {
    api();
    setUser(makeUser());
    const { router } = await renderApp('/');
    fireEvent.change(screen.getByLabelText('Search your orders'), { target: { value: ' PJT-1042 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settleRouter(router);
    expect(here(router)).toBe('/orders?q=PJT-1042');
  });

  it('tells an account awaiting approval so', async () => {
    api();
    setUser(makeUser({ role: 'none' }));
    await renderApp('/');
    expect(screen.getByText(/Your account is waiting for approval/)).toBeInTheDocument();
  });

  it('offers an account awaiting approval a menu it can use: no New Order, no order lists that would turn it away', async () => {
    api();
    setUser(makeUser({ role: 'none' }));
    await renderApp('/');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(hrefs(within(nav).getAllByRole('link'))).toEqual([
      ['Home', '/'],
      ['Account approval', '/unauthorized'],
    ]);
    expect(screen.queryByRole('link', { name: 'New Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your orders by status' })).not.toBeInTheDocument();
  });
});

describe('unauthorized page', () => {
  const contact: Record<string, Handler> = {
    'GET /api/settings/COMPANY_PHONE': () => ({ data: { name: 'COMPANY_PHONE', value: '0113 496 0123' } }),
    'GET /api/settings/COMPANY_EMAIL': () => ({ data: { name: 'COMPANY_EMAIL', value: 'trade@printjunction.example' } }),
  };

  it("awaiting approval: says what happens next and gives the printer's telephone and e-mail", async () => {
    api(contact);
    setUser(makeUser({ role: 'none', firstname: 'Jo' }));
    await renderApp('/unauthorized');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Your account is awaiting approval' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(within(main).getByText(/We e-mail you as soon as your account is approved/)).toBeInTheDocument();
    expect(await within(main).findByRole('link', { name: 'trade@printjunction.example' })).toHaveAttribute('href', 'mailto:trade@printjunction.example');
    expect(within(main).getByRole('link', { name: '0113 496 0123' })).toHaveAttribute('href', 'tel:01134960123');
    expect(within(main).getByRole('link', { name: 'Update Profile' })).toHaveAttribute('href', '/account/profile');
  });

  it('awaiting approval without the contact settings: the company address instead, and nothing breaks', async () => {
    api(); // COMPANY_PHONE, COMPANY_EMAIL: 404
    setUser(makeUser({ role: 'none' }));
    await renderApp('/unauthorized');
    expect(await screen.findByText(/1 Press Lane/, { selector: 'main address' })).toBeInTheDocument();
    expect(screen.queryByTestId('company-phone')).not.toBeInTheDocument();
    expect(screen.queryByTestId('company-email')).not.toBeInTheDocument();
  });

  it('signed out: how to sign in or open an account', async () => {
    api(contact);
    await renderApp('/unauthorized');
    expect(screen.getByRole('heading', { level: 1, name: 'Please sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Open a trade account' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText(/awaiting approval/)).not.toBeInTheDocument();
  });

  it.each([
    ['signed out', null, 'Please sign in'],
    ['awaiting approval', 'none', 'Your account is awaiting approval'],
    ['approved', 'trade', 'Your account is approved'],
  ] as const)('%s: the tab’s title says what the page says', async (_who, role, heading) => {
    api(contact);
    if (role) setUser(makeUser({ role }));
    await renderApp('/unauthorized');
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${heading} | Print Junction Trade`);
  });

  it('signed out: says accounts are checked before ordering only when the printer checks them', async () => {
    api({ ...contact, 'GET /api/register': () => ({ data: { approval_required: true } }) });
    const { unmount } = await renderApp('/unauthorized');
    expect(await screen.findByText(/we check each new account before it can order/)).toBeInTheDocument();
    unmount();
    queryClient.clear();
    api({ ...contact, 'GET /api/register': () => ({ data: { approval_required: false } }) });
    await renderApp('/unauthorized');
    expect(await screen.findByText(/it takes a few minutes\./)).toBeInTheDocument();
    expect(screen.queryByText(/we check each new account/)).not.toBeInTheDocument();
  });

  it('approved: a link home', async () => {
    api(contact);
    setUser(makeUser({ role: 'trade' }));
    await renderApp('/unauthorized');
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is approved' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('footer contact details', () => {
  it("shows the printer's telephone and e-mail when they are set", async () => {
    api({
      'GET /api/settings/COMPANY_PHONE': () => ({ data: { name: 'COMPANY_PHONE', value: '+44 113 496 0123' } }),
      'GET /api/settings/COMPANY_EMAIL': () => ({ data: { name: 'COMPANY_EMAIL', value: 'hello@printjunction.example' } }),
    });
    setUser(makeUser());
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: '+44 113 496 0123' })).toHaveAttribute('href', 'tel:+441134960123');
    expect(within(footer).getByRole('link', { name: 'hello@printjunction.example' })).toHaveAttribute('href', 'mailto:hello@printjunction.example');
    expect(within(footer).getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('leaves them out when the settings are missing or not a number / address', async () => {
    api({
      'GET /api/settings/COMPANY_PHONE': () => ({ status: 500, data: { message: 'boom' } }),
      'GET /api/settings/COMPANY_EMAIL': () => ({ data: { name: 'COMPANY_EMAIL', value: '' } }),
    });
    setUser(makeUser());
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(within(footer).getByText(/1 Press Lane/)).toBeInTheDocument());
    expect(within(footer).queryByRole('heading', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
