/**
 * Royal Mail Click & Drop API client: pushes the export's orders with `POST /orders` and reads
 * back, per order, its Click & Drop identifier and tracking number or why it was refused.
 * The contract is Royal Mail's Swagger 2.0 file (click-and-drop-api-v1.yaml); the field names and
 * maximum lengths below are its `CreateOrderRequest`, `AddressRequest`, `RecipientDetailsRequest`,
 * `ShipmentPackageRequest` and `PostageDetailsRequest`.
 */
import type { RoyalMailShipment } from '../../../shared/domain/delivery/royalmail';

export interface ClickAndDropConfig {
  /** Up to and including the version, e.g. https://api.parcel.royalmail.com/api/v1 */
  apiUrl: string;
  apiKey: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
}

export type PushOutcome =
  { order_id: number; ok: true; order_identifier: number; tracking_number: string | null } | { order_id: number; ok: false; message: string };

/** The whole request failed (refused key, Royal Mail's 400/500, no answer): no order has an outcome. */
export class ClickAndDropError extends Error {
  constructor(
    message: string,
    /** Royal Mail's HTTP status; null when it did not answer at all. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ClickAndDropError';
  }
}

/**
 * Orders per request. Neither the YAML nor Royal Mail's help pages cap `POST /orders`; the YAML
 * caps its other collections at 100 (order identifiers in a path, `PUT /orders/status` items), so
 * we keep to the same.
 */
export const CLICK_AND_DROP_CHUNK_SIZE = 100;

/** The YAML's tag "Rate Limits": more than 5 calls a second answers 429. */
const MIN_MS_BETWEEN_CALLS = 200;

const DEFAULT_TIMEOUT_MS = 30_000;

const REFUSED_KEY = 'Royal Mail refused the API key (ROYALMAIL_API_KEY): check it in Click & Drop → Settings → Integrations';

/** The subset of `CreateOrderRequest` we send. */
export interface CreateOrderRequest {
  orderReference: string;
  recipient: {
    address: {
      fullName?: string;
      companyName?: string;
      addressLine1: string;
      addressLine2?: string;
      city: string;
      county?: string;
      postcode?: string;
      countryCode: string;
    };
    phoneNumber?: string;
    emailAddress?: string;
  };
  /** `SenderDetailsRequest`: a blind order's customer; left out, Click & Drop uses the account's default sender. */
  sender?: { tradingName?: string; phoneNumber?: string; emailAddress?: string };
  orderDate: string;
  subtotal: number;
  shippingCostCharged: number;
  total: number;
  currencyCode: 'GBP';
  packages: Array<{ weightInGrams: number; packageFormatIdentifier: string }>;
  postageDetails?: { serviceCode: string };
}

/** Pence as a JSON number of pounds: an integer over 100 is the double nearest the 2-decimal value, so it prints as 12.3, never 12.300000001. */
const poundsNumber = (pence: number): number => Math.round(pence) / 100;

/** Text that may be shortened and still serve (a name, an address line): cut to the YAML's maxLength. */
const cut = (value: string, max: number): string | undefined => {
  const v = value.trim().slice(0, max).trim();
  return v === '' ? undefined : v;
};
/** Text that is wrong once shortened (postcode, telephone, email): left out when it does not fit. */
const whole = (value: string, max: number): string | undefined => {
  const v = value.trim();
  return v === '' || v.length > max ? undefined : v;
};
/** Required fields stay present even when empty, so Royal Mail refuses that one order, not the whole request's schema. */
const required = (value: string, max: number): string => value.trim().slice(0, max);

/** Drops the keys whose value is undefined (JSON would, but tests and logs read the object). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** One order as Click & Drop's `CreateOrderRequest`. */
export function createOrderRequest(s: RoyalMailShipment, orderDate: Date): CreateOrderRequest {
  const serviceCode = whole(s.service_code, 10);
  return defined({
    orderReference: String(s.order_id).slice(0, 40),
    recipient: defined({
      address: defined({
        fullName: cut(`${s.firstname} ${s.lastname}`, 210),
        companyName: cut(s.company_name, 100),
        addressLine1: required(s.address1, 100),
        addressLine2: cut(s.address2, 100),
        city: required(s.town, 100),
        county: cut(s.county, 100),
        postcode: whole(s.postcode, 20),
        countryCode: required(s.country_code.toUpperCase(), 3),
      }),
      phoneNumber: whole(s.telephone, 25),
      emailAddress: whole(s.email, 254),
    }),
    sender: s.sender
      ? defined({
          tradingName: cut(s.sender.trading_name, 250),
          phoneNumber: whole(s.sender.phone, 25),
          emailAddress: whole(s.sender.email, 254),
        })
      : undefined,
    orderDate: orderDate.toISOString(),
    subtotal: poundsNumber(s.subtotal),
    shippingCostCharged: poundsNumber(s.shipping),
    total: poundsNumber(s.total),
    currencyCode: 'GBP' as const,
    // The YAML's ShipmentPackageRequest: an integer from 1 to 30000 grams.
    packages: [{ weightInGrams: Math.min(30_000, Math.max(1, Math.round(s.weight))), packageFormatIdentifier: s.package_size }],
    postageDetails: serviceCode === undefined ? undefined : { serviceCode },
  });
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** Royal Mail's `ErrorResponse` (`{ code, message, details }`), or a list of them, as one sentence. */
function errorResponseMessage(body: unknown): string | undefined {
  const items = Array.isArray(body) ? body : [body];
  const parts = items.filter(isObject).flatMap((e) => {
    const message = str(e.message);
    const details = str(e.details);
    if (!message) return details ? [details] : [];
    return [details && details !== message ? `${message} (${details})` : message];
  });
  return parts.length ? parts.join('; ') : undefined;
}

/** A `FailedOrderResponse`'s `errors` (`CreateOrderErrorResponse[]`) as one sentence, naming the fields. */
function failedOrderMessage(failed: Json): string {
  const errors = Array.isArray(failed.errors) ? failed.errors.filter(isObject) : [];
  const parts = errors.map((e) => {
    const message = str(e.errorMessage) ?? (typeof e.errorCode === 'number' ? `error ${e.errorCode}` : 'refused');
    const fields = (Array.isArray(e.fields) ? e.fields.filter(isObject) : []).map((f) => str(f.fieldName)).filter((f): f is string => f !== undefined);
    return fields.length ? `${message} (${fields.join(', ')})` : message;
  });
  return parts.length ? parts.join('; ') : 'Click & Drop refused this order';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function clickAndDropClient(config: ClickAndDropConfig): {
  createOrders(shipments: RoyalMailShipment[], orderDate?: Date): Promise<PushOutcome[]>;
} {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/orders`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** Whatever Royal Mail or the network says, the key never reaches a message (nor a log). */
  const redact = (message: string) => (config.apiKey ? message.split(config.apiKey).join('***') : message);
  let lastCallAt = 0;

  /** One `POST /orders`; its `CreateOrdersResponse`, or ClickAndDropError. */
  async function post(items: CreateOrderRequest[]): Promise<Json> {
    const wait = lastCallAt + MIN_MS_BETWEEN_CALLS - Date.now();
    if (wait > 0) await sleep(wait);
    lastCallAt = Date.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method: 'POST',
        // securityDefinitions.Bearer: an apiKey in the Authorization header, written "Bearer <key>".
        headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ items }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new ClickAndDropError(redact(`Royal Mail Click & Drop did not answer: ${noAnswerReason(err, timeoutMs)}`), null);
    }
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (res.status === 401) throw new ClickAndDropError(REFUSED_KEY, 401);
    if (res.status === 429) throw new ClickAndDropError('Royal Mail Click & Drop is limiting calls (at most 5 a second): try again in a moment', 429);
    if (!res.ok) {
      const said = errorResponseMessage(body);
      throw new ClickAndDropError(redact(`Royal Mail Click & Drop answered ${res.status}${said ? `: ${said}` : ''}`), res.status);
    }
    if (!isObject(body)) throw new ClickAndDropError(`Royal Mail Click & Drop answered ${res.status} without a CreateOrdersResponse`, res.status);
    return body;
  }

  /** Each order of one request: created, failed, or — in neither list — unanswered. */
  function outcomes(chunk: RoyalMailShipment[], response: Json): PushOutcome[] {
    const created = new Map<string, Json>();
    for (const c of Array.isArray(response.createdOrders) ? response.createdOrders.filter(isObject) : []) {
      if (typeof c.orderReference === 'string') created.set(c.orderReference, c);
    }
    const failed = new Map<string, Json>();
    for (const f of Array.isArray(response.failedOrders) ? response.failedOrders.filter(isObject) : []) {
      const reference = isObject(f.order) ? f.order.orderReference : undefined;
      if (typeof reference === 'string') failed.set(reference, f);
    }
    return chunk.map((s): PushOutcome => {
      const reference = String(s.order_id);
      const c = created.get(reference);
      if (c && typeof c.orderIdentifier === 'number') {
        return { order_id: s.order_id, ok: true, order_identifier: c.orderIdentifier, tracking_number: str(c.trackingNumber) ?? null };
      }
      const f = failed.get(reference);
      if (f) return { order_id: s.order_id, ok: false, message: redact(failedOrderMessage(f)) };
      return { order_id: s.order_id, ok: false, message: 'Click & Drop did not answer for this order' };
    });
  }

  return {
    /**
     * Pushes the orders, CLICK_AND_DROP_CHUNK_SIZE a request, one request at a time. When the
     * first request fails, nothing was created and ClickAndDropError is thrown. When a later one
     * fails, the orders already created keep their outcomes (pushing them again would duplicate
     * them in Click & Drop), and that request's and the remaining orders fail with its message.
     */
    async createOrders(shipments, orderDate = new Date()) {
      const results: PushOutcome[] = [];
      for (let i = 0; i < shipments.length; i += CLICK_AND_DROP_CHUNK_SIZE) {
        const chunk = shipments.slice(i, i + CLICK_AND_DROP_CHUNK_SIZE);
        try {
          const response = await post(chunk.map((s) => createOrderRequest(s, orderDate)));
          results.push(...outcomes(chunk, response));
        } catch (err) {
          if (i === 0 || !(err instanceof ClickAndDropError)) throw err;
          const message = err.message;
          results.push(...shipments.slice(i).map((s): PushOutcome => ({ order_id: s.order_id, ok: false, message })));
          break;
        }
      }
      return results;
    },
  };
}

/** Why fetch got no answer, in words (timeout, refused connection, unknown host…). */
function noAnswerReason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s (the orders may have been created: check Click & Drop before sending them again)`;
  }
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const message = cause?.message ?? (err instanceof Error ? err.message : String(err));
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
