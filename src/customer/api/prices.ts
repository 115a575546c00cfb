import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerOption, CustomerOptionGroup, CustomerTurnaround, PriceBreak, PriceList, PriceListProduct, PriceListStock } from '../../shared/api/prices';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';
import { settingTextQuery } from './settings';

/*
 * The price list's answer is checked by hand rather than with the shared zod schema (priceListSchema),
 * so that /prices loads neither zod nor the rest of shared/api (≈ 50 kB gzipped, and the time to run
 * them on a phone). The field lists below are typed against the schema's types: a field added to
 * the schema and not checked here fails the type check.
 */

type Check = (value: unknown) => boolean;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const arrayOf =
  (each: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(each);
const objectWith =
  <T>(fields: { [K in keyof Required<T>]: Check }): Check =>
  (value) =>
    isRecord(value) && Object.entries(fields).every(([key, check]) => (check as Check)(value[key]));

const isBreak = objectWith<PriceBreak>({ qty: isNumber, single: isNumber, double: isNumber });
const isStock = objectWith<PriceListStock>({
  id: isNumber,
  name: isString,
  type: isString,
  breaks: arrayOf(isBreak),
  turnarounds: arrayOf(objectWith<PriceListStock['turnarounds'][number]>({ id: isNumber, single: arrayOf(isNumber), double: arrayOf(isNumber) })),
  options: arrayOf(objectWith<PriceListStock['options'][number]>({ id: isNumber, adds: arrayOf(isNumber) })),
});
const isOption = objectWith<CustomerOption>({ id: isNumber, name: isString, production_days: isNumber, setup_charge: isBoolean });
const isGroup = objectWith<CustomerOptionGroup>({ id: isNumber, name: isString, required: isBoolean, options: arrayOf(isOption) });
const isTurnaround = objectWith<CustomerTurnaround>({
  id: isNumber,
  name: isString,
  production_days: isNumber,
  price_percent: isNumber,
  is_default: isBoolean,
  offered: isBoolean,
  dispatch_date: isString,
});
const isProduct = objectWith<PriceListProduct>({
  id: isNumber,
  name: isString,
  description: isString,
  proof_required: isBoolean,
  discount: isNumber,
  option_groups: arrayOf(isGroup),
  turnarounds: arrayOf(isTurnaround),
  stocks: arrayOf(isStock),
});
const isPriceList = objectWith<PriceList>({ production_start: isString, cutoff: isString, products: arrayOf(isProduct) });

/** GET /api/prices's answer, or a TypeError when it is not a price list (what priceListSchema refuses). */
export function readPriceList(data: unknown): PriceList {
  if (!isPriceList(data)) throw new TypeError('The answer is not a price list');
  return data as PriceList;
}

/** The signed-in customer's price list: every product, paper and quantity break. */
export async function fetchPriceList(): Promise<PriceList> {
  const { data } = await http.get<unknown>('/api/prices');
  return readPriceList(data);
}

export const priceListQuery = queryOptions({ queryKey: ['prices'], queryFn: fetchPriceList });

/**
 * Started by the /prices route's loader, beside the page's code: the list, and the VAT rate the
 * "inc. VAT" switch needs, so that the page renders once with both rather than again for the rate.
 */
export function prefetchPriceList(): Promise<void> {
  return Promise.all([queryClient.prefetchQuery(priceListQuery), queryClient.prefetchQuery(settingTextQuery('VAT_RATE'))]).then(() => undefined);
}

export function usePriceList() {
  return useQuery(priceListQuery);
}

/** The customer's newest basket (id and reference), or null: where a price on the list is ordered into. */
export interface NewestBasket {
  id: number;
  ref: string;
}

/** GET /api/orders?status=basket&per_page=1, read by hand as the price list is (no zod on /prices). */
export async function fetchNewestBasket(): Promise<NewestBasket | null> {
  const { data } = await http.get<unknown>('/api/orders', { params: { status: 'basket', per_page: 1 } });
  const first = isRecord(data) && Array.isArray(data.data) ? (data.data[0] as unknown) : undefined;
  if (first === undefined) return null;
  if (!isRecord(first) || !isNumber(first.id) || !isString(first.ref)) throw new TypeError('The answer is not a list of orders');
  return { id: first.id as number, ref: first.ref as string };
}

/** Under the orders' keys, so that starting or discarding a basket asks again. */
export function useNewestBasket() {
  return useQuery({ queryKey: ['orders', 'newest-basket'], queryFn: fetchNewestBasket, staleTime: 0 });
}
