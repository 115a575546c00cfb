import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fetchPriceList, priceListQuery } from '../../src/customer/api/prices';
import { queryClient } from '../../src/customer/api/queryClient';
import { customerRoutes } from '../../src/customer/routes';
import { clearSession, saveToken, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, settleRouter } from './helpers/renderApp';

// The prices page's code arrives only when the test says so, like a slow chunk download.
const slowPage = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('../../src/customer/pages/prices/PricesPage', async () => {
  await slowPage.arrived;
  return { default: () => <p>The prices page</p> };
});

const LIST = { production_start: '2026-11-26', cutoff: '12:00', products: [] };
const pricesAsked = (requests: { url?: string }[]) => requests.filter((request) => request.url === '/api/prices').length;

beforeAll(() => installDomGaps());
beforeEach(() => clearSession());
afterEach(() => stopFakeApi());

function start(path: string) {
  const router = createMemoryRouter(customerRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("a page's data starts in its route's loader", () => {
  it('GET /api/prices starts before the page module has arrived, and the page then uses that answer', async () => {
    const requests = fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/prices': () => ({ data: LIST }) });
    setUser(makeUser());
    const router = start('/prices');

    await waitFor(() => expect(pricesAsked(requests)).toBe(1));
    expect(screen.queryByText('The prices page')).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(priceListQuery.queryKey)).toEqual(LIST));

    slowPage.arrive();
    await settleRouter(router);
    expect(screen.getByText('The prices page')).toBeInTheDocument();
    expect(pricesAsked(requests)).toBe(1);
  });

  it('on a reload with a token, starts the prices beside GET /api/user and keeps them once the user has loaded', async () => {
    let answerUser!: () => void;
    const userAsked = new Promise<void>((resolve) => (answerUser = resolve));
    const requests = fakeApi({
      ...BACKGROUND_ROUTES,
      'GET /api/user': async () => {
        await userAsked;
        return { data: makeUser() };
      },
      'GET /api/prices': () => ({ data: LIST }),
    });
    saveToken('from-last-visit', false);
    slowPage.arrive();
    const router = start('/prices');
    // The prices are asked for while the user is still on its way.
    await waitFor(() => expect(pricesAsked(requests)).toBe(1));
    expect(requests.map((request) => request.url)).toContain('/api/user');
    answerUser();
    await settleRouter(router);
    expect(here(router)).toBe('/prices');
    expect(await screen.findByText('The prices page')).toBeInTheDocument();
    expect(queryClient.getQueryData(priceListQuery.queryKey)).toEqual(LIST);
    expect(pricesAsked(requests)).toBe(1);
  });

  it('on a reload with a dead token, the early request is refused quietly and the visitor goes to /login', async () => {
    const requests = fakeApi({
      ...BACKGROUND_ROUTES,
      'GET /api/user': () => ({ status: 401, data: { message: 'Unauthenticated.' } }),
      'GET /api/prices': () => ({ status: 401, data: { message: 'Unauthenticated.' } }),
    });
    saveToken('expired', false);
    const router = start('/prices');
    await settleRouter(router);
    expect(here(router)).toBe('/login');
    expect(pricesAsked(requests)).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a signed-out visitor is sent to /login by the guards and never asks for the prices', async () => {
    const requests = fakeApi(BACKGROUND_ROUTES);
    const router = start('/prices');
    await settleRouter(router);
    expect(here(router)).toBe('/login');
    expect(pricesAsked(requests)).toBe(0);
  });

  it('an account the role guard turns away never asks for the prices either', async () => {
    const requests = fakeApi(BACKGROUND_ROUTES);
    setUser(makeUser({ role: 'none' }));
    const router = start('/prices');
    await settleRouter(router);
    expect(here(router)).toBe('/unauthorized');
    expect(pricesAsked(requests)).toBe(0);
  });
});

describe('the query cache', () => {
  it('is emptied when the account changes, so nobody sees the last account’s prices', async () => {
    saveToken('tok', false);
    setUser(makeUser({ id: 7 }));
    queryClient.setQueryData(priceListQuery.queryKey, LIST);
    setUser(makeUser({ id: 7, firstname: 'Joanne' }));
    expect(queryClient.getQueryData(priceListQuery.queryKey)).toEqual(LIST);
    setUser(makeUser({ id: 8 }));
    expect(queryClient.getQueryData(priceListQuery.queryKey)).toBeUndefined();
    queryClient.setQueryData(priceListQuery.queryKey, LIST);
    clearSession();
    expect(queryClient.getQueryData(priceListQuery.queryKey)).toBeUndefined();
  });

  it('the price list call checks the answer with the shared schema', async () => {
    fakeApi({ 'GET /api/prices': () => ({ data: { products: [{ id: 1 }] } }) });
    await expect(fetchPriceList()).rejects.toThrow();
  });
});
