import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  AddressInput,
  ArtworkUrlInput,
  ConfirmAnswer,
  DeliveryOption,
  Item,
  ItemCreateInput,
  ItemUpdateInput,
  Order,
  OrderList,
  OrderListStatus,
  OrderSource,
  OrderUpdateInput,
} from '../../shared/api/orders';
import type { PaymentTerms } from '../../shared/domain/payments/terms';
import { APPROVAL_LINK_STATES, type ApprovalLinkState } from '../../shared/domain/companies/approval';
import type { OrderableProduct } from '../../shared/api/prices';
import { CONFIRMED_ORDER_STATUSES, type ConfirmedOrderStatus } from '../../shared/domain/orders/statuses';
import { http, uploadProgress } from '../../shared/http';
import { useObjectUrl } from '../../shared/ui/useObjectUrl';
import { queryClient } from './queryClient';

/*
 * The customer's orders (DESIGN §3 "Orders (customer)"): baskets at /create, confirmed orders at
 * /orders. Every call of the orders API, as react-query queries and mutations; each change
 * invalidates what it affects (the order, the lists, the counts).
 */

// ───────────────────────────── counts (home tiles) ─────────────────────────────

/** How many orders the customer has in each confirmed status, and how many of them wait for the customer's approval of a proof. */
export type OrderCounts = Record<ConfirmedOrderStatus, number> & { awaiting_approval: number; approval: number };

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** The counts of an answer `{ live, printing, …, awaiting_approval }` (checked by hand: the home page stays free of zod). */
export function readOrderCounts(data: unknown): OrderCounts {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const counts = { awaiting_approval: 0, approval: 0 } as OrderCounts;
  for (const status of CONFIRMED_ORDER_STATUSES) {
    const n = record[status];
    if (!isCount(n)) throw new TypeError(`No count for ${status}`);
    counts[status] = n;
  }
  // A count the tiles can do without: none answered is none waiting.
  if (isCount(record.awaiting_approval)) counts.awaiting_approval = record.awaiting_approval;
  // Likewise the company's orders waiting for an owner's approval.
  if (isCount(record.approval)) counts.approval = record.approval;
  return counts;
}

/** The counts are a nicety: when the call fails the tiles simply show no numbers, and no error dialog. */
async function fetchOrderCounts(): Promise<OrderCounts> {
  const { data } = await http.get<unknown>('/api/orders/counts', { skipErrorDialogs: true });
  return readOrderCounts(data);
}

const orderCountsQuery = queryOptions({ queryKey: ['orders', 'counts'], queryFn: fetchOrderCounts });

/** Started by the home route's loader, beside the page's code. */
export function prefetchOrderCounts(): Promise<void> {
  return queryClient.prefetchQuery(orderCountsQuery);
}

/** The counts, or null while loading or when they could not be loaded. */
export function useOrderCounts(): OrderCounts | null {
  return useQuery(orderCountsQuery).data ?? null;
}

// ───────────────────────────── keys and plain calls ─────────────────────────────

/*
 * The answers are checked with the shared zod schemas, imported when first needed: the home page
 * imports this module for its counts and stays free of zod.
 */
const schemas = () => import('../../shared/api/orders');
export const asOrder = async (data: unknown): Promise<Order> => (await schemas()).orderSchema.parse(data);
const asItem = async (data: unknown): Promise<Item> => (await schemas()).itemSchema.parse(data);

export interface OrderListParams {
  /** Without one: every confirmed order; `approval`, the company's baskets waiting for an owner's approval. */
  status?: OrderListStatus;
  /** Made in the browser or through the trade API; baskets without it are the browser's (those of /create). */
  source?: OrderSource;
  /** Number, reference, product or postcode. */
  q?: string;
  /** The first and last UK day confirmed ('YYYY-MM-DD'), both included. */
  from?: string;
  to?: string;
  page?: number;
  per_page?: number;
}

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (params: OrderListParams) => ['orders', 'list', params] as const,
  order: (id: number) => ['orders', 'one', id] as const,
  delivery: (id: number) => ['orders', 'one', id, 'delivery-options'] as const,
  preview: (id: number, itemId: number, uploadedAt: string, page: number) => ['orders', 'preview', id, itemId, uploadedAt, page] as const,
};

const base = (id: number) => `/api/orders/${id}`;

export async function fetchOrders(params: OrderListParams): Promise<OrderList> {
  const query: Record<string, string | number> = { page: params.page ?? 1, per_page: params.per_page ?? 20 };
  if (params.status) query.status = params.status;
  if (params.source) query.source = params.source;
  if (params.q) query.q = params.q;
  if (params.from) query.from = params.from;
  if (params.to) query.to = params.to;
  const { data } = await http.get<unknown>('/api/orders', { params: query });
  return (await schemas()).orderListSchema.parse(data);
}

export async function fetchOrder(id: number): Promise<Order> {
  const { data } = await http.get<unknown>(base(id), { skipErrorDialogs: true });
  return asOrder(data);
}

export async function fetchDeliveryOptions(id: number): Promise<DeliveryOption[]> {
  const { data } = await http.get<unknown>(`${base(id)}/delivery-options`);
  return (await schemas()).deliveryOptionSchema.array().parse(data);
}

export async function fetchOrderableProducts(): Promise<OrderableProduct[]> {
  const { data } = await http.get<unknown>('/api/products');
  return (await import('../../shared/api/prices')).orderableProductsSchema.parse(data);
}

/** The PNG preview of one page (from 1) of an item's artwork: fetched through the client (it needs the Bearer header). */
export async function fetchPreview(orderId: number, itemId: number, page: number): Promise<Blob> {
  const { data } = await http.get<Blob>(`${base(orderId)}/items/${itemId}/preview`, { params: { page }, responseType: 'blob', skipErrorDialogs: true });
  return data;
}

/** The uploaded PDF, for the customer to download (Bearer header again, hence a blob). */
export async function fetchArtwork(orderId: number, itemId: number): Promise<Blob> {
  const { data } = await http.get<Blob>(`${base(orderId)}/items/${itemId}/artwork`, { responseType: 'blob', skipErrorDialogs: true });
  return data;
}

// ───────────────────────────── queries ─────────────────────────────

export function useOrders(params: OrderListParams) {
  return useQuery({ queryKey: orderKeys.list(params), queryFn: () => fetchOrders(params), placeholderData: keepPreviousData });
}

/** True while any item's artwork is still being checked, or fetched from a link. */
export const checkingArtwork = (order: Order | undefined): boolean =>
  !!order?.items.some((item) => item.artwork?.preflight.status === 'pending' || item.artwork_fetch?.status === 'fetching');

/** How often a basket with artwork being checked is asked again (DESIGN: the check takes seconds). */
export const PREFLIGHT_POLL_MS = 1500;

/**
 * True while an item's proof is being made, or is about to be: new artwork sent after the customer
 * asked for changes has passed its check, and the next version follows from it. Only for a live
 * order (a cancelled one's proof is never finished).
 */
export const makingProof = (order: Order | undefined): boolean => order?.status === 'live' && order.items.some(proofComing);

function proofComing(item: Item): boolean {
  const { proof, artwork } = item;
  if (proof?.status === 'making') return true;
  return (
    proof?.status === 'changes_requested' &&
    artwork?.preflight.status === 'pass' &&
    !!proof.decided_at &&
    Date.parse(artwork.uploaded_at) > Date.parse(proof.decided_at)
  );
}

/** How often an order whose proof is being made is asked again: the proof takes longer than a check (up to a few minutes). */
export const PROOF_POLL_MS = 4000;

export function orderQuery(id: number) {
  return queryOptions({
    queryKey: orderKeys.order(id),
    queryFn: () => fetchOrder(id),
    // Asked again every 1.5 s while any artwork is `pending`, until every check is done; less often while a proof is made.
    refetchInterval: (query) => (checkingArtwork(query.state.data) ? PREFLIGHT_POLL_MS : makingProof(query.state.data) ? PROOF_POLL_MS : false),
    retry: (count, error) => !(isAxiosError(error) && [404, 403].includes(error.response?.status ?? 0)) && count < 2,
  });
}

export function prefetchOrder(id: number): Promise<void> {
  return queryClient.prefetchQuery(orderQuery(id));
}

export function useOrder(id: number) {
  return useQuery(orderQuery(id));
}

export function useDeliveryOptions(id: number, enabled: boolean) {
  return useQuery({ queryKey: orderKeys.delivery(id), queryFn: () => fetchDeliveryOptions(id), enabled });
}

const productsQuery = queryOptions({ queryKey: ['products'], queryFn: fetchOrderableProducts, staleTime: 5 * 60_000 });

export function prefetchOrderingData(): Promise<void> {
  return Promise.all([queryClient.prefetchQuery(productsQuery), import('./prices').then((api) => queryClient.prefetchQuery(api.priceListQuery))]).then(
    () => undefined,
  );
}

export function useOrderableProducts() {
  return useQuery(productsQuery);
}

/** An object URL of the preview of page `page` of an item's artwork while the component lives; revoked after. */
export function usePreviewUrl(orderId: number, item: Item, page: number): { url: string | null; failed: boolean } {
  const ready = (item.artwork?.preview_pages ?? 0) >= page;
  const uploadedAt = item.artwork?.uploaded_at ?? '';
  const query = useQuery({
    queryKey: orderKeys.preview(orderId, item.id, uploadedAt, page),
    queryFn: () => fetchPreview(orderId, item.id, page),
    enabled: ready,
    staleTime: Infinity,
    retry: 1,
  });
  const url = useObjectUrl(query.data);
  return { url, failed: query.isError };
}

// ───────────────────────────── mutations ─────────────────────────────

/** After a change of one order: it, its delivery options, the lists and the counts. */
export function invalidateOrder(id: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.order(id) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
    queryClient.invalidateQueries({ queryKey: orderCountsQuery.queryKey }),
  ]).then(() => undefined);
}

/**
 * Puts an item the server answered in its order's cached copy, in place of the one it was; the
 * lists and counts are marked stale. While its artwork is being checked the order is asked again
 * every PREFLIGHT_POLL_MS anyway, so this is all an upload needs.
 */
function storeItem(orderId: number, item: Item): Promise<void> {
  queryClient.setQueryData<Order>(orderKeys.order(orderId), (order) => order && { ...order, items: order.items.map((i) => (i.id === item.id ? item : i)) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
    queryClient.invalidateQueries({ queryKey: orderCountsQuery.queryKey }),
  ]).then(() => undefined);
}

/** Puts a fresh answer in the cache and marks the rest stale. */
export function storeOrder(order: Order): Promise<void> {
  queryClient.setQueryData(orderKeys.order(order.id), order);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.delivery(order.id) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
    queryClient.invalidateQueries({ queryKey: orderCountsQuery.queryKey }),
  ]).then(() => undefined);
}

export async function createOrder(input: { ref: string; address?: AddressInput; blind_dispatch?: boolean }): Promise<Order> {
  const { data } = await http.post<unknown>('/api/orders', input);
  const order = await asOrder(data);
  await storeOrder(order);
  return order;
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}

export function useUpdateOrder(id: number) {
  return useMutation({
    // One at a time, in order: arrowing through the delivery services saves each choice, the last one last.
    scope: { id: `order-${id}-update` },
    mutationFn: async (input: OrderUpdateInput) => asOrder((await http.patch<unknown>(base(id), input)).data),
    onSuccess: (order) => storeOrder(order),
  });
}

export function useDiscardOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(base(id));
      return id;
    },
    onSuccess: (id) => {
      client.removeQueries({ queryKey: orderKeys.order(id) });
      return invalidateOrder(id);
    },
  });
}

export function useAddItem(orderId: number) {
  return useMutation({
    mutationFn: async (input: ItemCreateInput) => asItem((await http.post<unknown>(`${base(orderId)}/items`, input)).data),
    onSuccess: () => invalidateOrder(orderId),
  });
}

export function useUpdateItem(orderId: number) {
  return useMutation({
    mutationFn: async ({ itemId, ...input }: ItemUpdateInput & { itemId: number }) =>
      asItem((await http.patch<unknown>(`${base(orderId)}/items/${itemId}`, input)).data),
    onSuccess: () => invalidateOrder(orderId),
  });
}

export function useRemoveItem(orderId: number) {
  return useMutation({
    mutationFn: async (itemId: number) => {
      await http.delete(`${base(orderId)}/items/${itemId}`);
    },
    onSuccess: () => invalidateOrder(orderId),
  });
}

export function useRemoveArtwork(orderId: number) {
  return useMutation({
    mutationFn: async (itemId: number) => {
      await http.delete(`${base(orderId)}/items/${itemId}/artwork`);
    },
    onSuccess: () => invalidateOrder(orderId),
  });
}

/** Sends a PDF as multipart field `file`; `onProgress` gets 0–100 as it goes. */
export async function uploadArtwork(orderId: number, itemId: number, file: File, onProgress: (percent: number) => void): Promise<Item> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { data } = await http.post<unknown>(`${base(orderId)}/items/${itemId}/artwork`, body, uploadProgress(onProgress));
  return asItem(data);
}

/** An upload with its progress (null when none is under way). */
export function useUploadArtwork(orderId: number, itemId: number) {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadArtwork(orderId, itemId, file, setProgress);
    },
    // The answer is the item as it is now: no need to fetch the whole order again. A refusal may
    // mean the order moved on (confirmed, taken off hold), so then it is fetched again.
    onSuccess: (item) => storeItem(orderId, item),
    onError: () => invalidateOrder(orderId),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** Asks the server to fetch the item's artwork from a link (answered 202 with the item, `artwork_fetch` `fetching`). */
export async function fetchArtworkFromUrl(orderId: number, itemId: number, url: string): Promise<Item> {
  const { data } = await http.post<unknown>(`${base(orderId)}/items/${itemId}/artwork/url`, { artwork_url: url } satisfies ArtworkUrlInput);
  return asItem(data);
}

/** Artwork by link: the item it answers replaces the cached one, whose `fetching` keeps the order polled until the file is in. */
export function useFetchArtworkFromUrl(orderId: number, itemId: number) {
  return useMutation({
    mutationFn: (url: string) => fetchArtworkFromUrl(orderId, itemId, url),
    onSuccess: (item) => storeItem(orderId, item),
    onError: () => invalidateOrder(orderId),
  });
}

/** A fresh Idempotency-Key: letters, digits and dashes (the server takes any 1 to 255 printable ASCII characters). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** How a confirmation pays: the customer's terms when left out; an account customer may choose card for one order. */
export interface ConfirmChoice {
  deliveryTypeId?: number;
  payment?: PaymentTerms;
}

/** The confirmed order (on account), or — paying by card — the basket awaiting its payment and the payment page to go to. */
export async function confirmOrder(id: number, key: string, choice: ConfirmChoice = {}): Promise<ConfirmAnswer> {
  const body = { ...(choice.deliveryTypeId ? { delivery_type_id: choice.deliveryTypeId } : {}), ...(choice.payment ? { payment: choice.payment } : {}) };
  const { data } = await http.post<unknown>(`${base(id)}/confirm`, body, { headers: { 'Idempotency-Key': key } });
  return (await schemas()).confirmAnswerSchema.parse(data);
}

/** The order a confirmation answered, whichever way it pays. */
export const confirmedOrderOf = (answer: ConfirmAnswer): Order => ('checkout_url' in answer && 'order' in answer ? answer.order : (answer as Order));

/** What the customer can change in a basket: items, their artwork and acceptance, address, delivery. */
export function basketSignature(order: Order | undefined): string | undefined {
  if (!order) return undefined;
  return JSON.stringify([
    order.ref,
    order.address,
    order.delivery_type_id,
    order.items.map((i) => [i.id, i.product_id, i.stock_id, i.qty, i.sides, i.orientation, i.notes, i.warnings_accepted, i.artwork?.uploaded_at ?? null]),
  ]);
}

/** True for a failure that may not have reached the server (no answer): the same attempt may be retried. */
export const isNetworkFailure = (error: unknown): boolean => isAxiosError(error) && !error.response;

/**
 * Confirmation with one Idempotency-Key per attempt: made at the first click, kept while the
 * request is out and for a retry after a network error (the server may have confirmed already:
 * the same key answers the same order), and forgotten once the server has answered, or when the
 * basket changes (pass `basketState`, e.g. basketSignature(order): a changed basket is a new attempt).
 */
export function useConfirmOrder(id: number, basketState: string | undefined) {
  const key = useRef<string | null>(null);
  const keyState = useRef<string | undefined>(basketState);
  if (keyState.current !== basketState) {
    keyState.current = basketState;
    key.current = null;
  }
  const mutation = useMutation({
    mutationFn: (choice: ConfirmChoice) => {
      key.current ??= newIdempotencyKey();
      return confirmOrder(id, key.current, choice);
    },
    onSuccess: (answer) => storeOrder(confirmedOrderOf(answer)),
    onError: (error) => {
      // An answer (422, 409…) ends the attempt: the next one is made after the customer's change.
      if (!isNetworkFailure(error)) key.current = null;
    },
  });
  const confirm = useCallback((choice: ConfirmChoice = {}) => mutation.mutateAsync(choice), [mutation]);
  return { ...mutation, confirm, currentKey: () => key.current };
}

/** Stops a basket's pending card payment (the payment page is closed at the provider), so that the basket can be changed. */
export function useStopCardPayment(id: number) {
  return useMutation({
    mutationFn: async () => asOrder((await http.post<unknown>(`${base(id)}/checkout/cancel`, {})).data),
    onSuccess: (order) => storeOrder(order),
    onError: () => invalidateOrder(id),
  });
}

/** How often, and how many times, an order awaiting its card payment is read again: the payment's webhook usually lands within seconds. */
export const PAYMENT_POLL = { everyMs: 2000, times: 6 };

/** The order; while it awaits its card payment, read again a few times so that the page shows the payment once it lands. */
export function useOrderWhilePaying(id: number) {
  const [polls, setPolls] = useState(0);
  const base = orderQuery(id);
  const query = useQuery({
    ...base,
    // The order page's own polling (artwork being checked) goes on as it is; a pending payment adds its few reads.
    refetchInterval: (q) =>
      q.state.data?.payment_status === 'pending' && polls < PAYMENT_POLL.times
        ? PAYMENT_POLL.everyMs
        : typeof base.refetchInterval === 'function'
          ? base.refetchInterval(q)
          : false,
  });
  const updated = query.dataUpdatedAt;
  useEffect(() => {
    if (query.data?.payment_status === 'pending') setPolls((n) => n + 1);
  }, [updated, query.data?.payment_status]);
  return { ...query, pollsLeft: Math.max(0, PAYMENT_POLL.times - polls) };
}

/**
 * An owner's answer to a buyer's order waiting for approval: approve (it confirms by the company's
 * terms; by card the buyer is sent to pay) or decline with a reason (the basket is the buyer's again).
 */
export function useApprovalDecision(id: number) {
  return useMutation({
    mutationFn: async (decision: { approve: true } | { reason: string }) => {
      const { data } =
        'approve' in decision ? await http.post<ConfirmAnswer>(`${base(id)}/approve`, {}) : await http.post<unknown>(`${base(id)}/decline`, decision);
      return asOrder('checkout_url' in (data as object) && 'order' in (data as object) ? (data as { order: unknown }).order : data);
    },
    // Approved, the answer is the order as it is now. Declined, it is the buyer's own basket again, which an owner
    // neither reads nor edits: kept in the cache it would turn the order page into the basket's editor before the
    // decline dialog leads away, so the page keeps what it shows and the order is only marked stale.
    onSuccess: (order, decision) =>
      'approve' in decision
        ? storeOrder(order)
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: orderKeys.order(order.id), refetchType: 'none' }),
            queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
            queryClient.invalidateQueries({ queryKey: orderCountsQuery.queryKey }),
          ]).then(() => undefined),
  });
}

/** Cancel, resubmit or reorder: the answer is the order moved (or the new basket for reorder). */
export function useOrderAction(id: number) {
  return useMutation({
    mutationFn: async (action: 'cancel' | 'resubmit' | 'reorder') => {
      const { data } = await http.post<unknown>(`${base(id)}/${action}`, {});
      return asOrder(data);
    },
    onSuccess: async (order) => {
      await storeOrder(order);
      await invalidateOrder(id);
    },
  });
}

/** Where an owner's approval e-mail link leads: the order and what became of it (404: not for this account, or no longer the company's). */
export async function fetchApprovalLink(token: string): Promise<{ order_id: number; state: ApprovalLinkState }> {
  const { data } = await http.get<unknown>(`/api/approval-links/${encodeURIComponent(token)}`, { skipErrorDialogs: true });
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const state = APPROVAL_LINK_STATES.find((s) => s === record.state);
  if (typeof record.order_id !== 'number' || !Number.isInteger(record.order_id) || !state) throw new TypeError('Not an approval link');
  return { order_id: record.order_id, state };
}
