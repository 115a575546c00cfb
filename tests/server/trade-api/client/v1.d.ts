// Generated from GET /api/v1/openapi.json by `npm run trade-api:types`; never edited by hand.
export interface paths {
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: operations['getOpenapiJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List orders
     * @description Newest first, `limit` (1–100, default 25) at a time; pass `next_cursor` as `after` for the next page. Filter by `external_ref` or `status`.
     */
    get: operations['getOrders'];
    put?: never;
    /**
     * Place an order
     * @description Needs an `Idempotency-Key` header: a retry with the same key and body within 24 hours is answered the first answer (status and body); the same key with another body is a 422, and a retry while the first is still being answered a 409. The order awaits its artwork (by `artwork_url`, or `PUT …/artwork` later) and confirms itself on account once every item’s artwork has passed its check (or has warnings, with `accept_warnings`). A duplicate `external_ref` is a 409 naming the existing order in `order_id`.
     */
    post: operations['postOrders'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An order */
    get: operations['getOrdersById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an order
     * @description A confirmed order can be cancelled until it is printing (or while on hold). An order still awaiting its artwork is discarded: it answers `cancelled` once, and is not found afterwards.
     */
    post: operations['postOrdersByIdCancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}/items/{itemId}/artwork': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Give an item its artwork
     * @description Upload the PDF (`multipart/form-data`, field `file`) or give its URL (`{"artwork_url": "https://…"}`). The artwork is checked again; the order confirms itself once every item passes.
     */
    put: operations['putOrdersByIdItemsByItemIdArtwork'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/test/orders/{id}/advance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sandbox: move a test order along
     * @description Test keys only (a live key is told 403). Moves a confirmed test order to `printing`, `problem` (with `problem_text`) or `dispatched` (through printing, with a sample tracking number), as the printer would.
     */
    post: operations['postTestOrdersByIdAdvance'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account of this key */
    get: operations['getAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/products': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The products you may order
     * @description Every product your account may order (products only some accounts may order included when yours is one), with its trim size and bleed, its papers (`stocks`) and the quantities offered on each with their prices after your discount, its finishing options and its turnarounds. An item of a quote or an order names a product, one of its stocks, one of that stock’s quantities, `sides` and `orientation`, and optionally `option_ids` and a `turnaround_id` from here. The prices are for reading: POST /quotes answers the exact, binding price of a choice. A test key sees the same catalogue and prices as a live one.
     */
    get: operations['getProducts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Price items and save a binding quote
     * @description Prices the items (as GET /products names them) for delivery to `country`, and saves the result as a quote numbered Q-…: its item prices hold until `expires_at` (a UK day, included) — an order placed with its `quote_id` by then pays them whatever our prices do meanwhile. `delivery_options` lists every service that takes the order’s weight to the country, cheapest first, with its price, dispatch and delivery dates and the totals with it; the quote’s own `totals` are with the cheapest. Delivery is charged at the rate of the day of the order. An item that cannot be ordered as named is a 422 naming the field (`items.0.qty`: the quantities offered are in the message). Quotes made with a test key are the same as live ones (nothing is ordered).
     */
    post: operations['postQuotes'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/quotes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A saved quote
     * @description A quote of your account (made here or saved on the website), with its fixed item prices, whether it has expired, and the delivery services offered for it today. Another account’s quote is 404.
     */
    get: operations['getQuotesById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your invoices
     * @description Your account’s invoices, newest first, a page at a time: pass the `next_cursor` of a page as `after` for the next, until it is null. Each says its due date, what has been paid and what is left, and its state. An invoice is raised when its order is dispatched. A test key sees no invoice: sandbox orders are never invoiced.
     */
    get: operations['getInvoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An invoice
     * @description One of your invoices, with its due date, state and balance. Another account’s invoice is 404. A test key sees no invoice: sandbox orders are never invoiced.
     */
    get: operations['getInvoicesById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An invoice as a PDF
     * @description The invoice as the PDF we send (application/pdf, as an attachment). Another account’s invoice is 404. A test key sees no invoice: sandbox orders are never invoiced.
     */
    get: operations['getInvoicesByIdPdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}/items/{itemId}/proof': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An item’s proof (PDF)
     * @description The current version by default, or `version`. 404 until the item has a proof that has been made.
     */
    get: operations['getOrdersByIdItemsByItemIdProof'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}/items/{itemId}/proof/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve an item’s proof
     * @description Name the `version` you looked at (an older one is a 409). Final for that version; once every proof of the order is approved it goes into production, its dispatch date counted from this approval.
     */
    post: operations['postOrdersByIdItemsByItemIdProofApprove'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/orders/{id}/items/{itemId}/proof/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for changes to an item’s proof
     * @description Name the `version` you looked at and say what should change in `comment`; then send corrected artwork with `PUT …/artwork` if it is yours to change: its check makes the next version.
     */
    post: operations['postOrdersByIdItemsByItemIdProofChanges'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/products/{id}/template.pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A product’s artwork template (PDF)
     * @description The page (trim plus bleed) with the trim, bleed and safe-area lines and the sizes written on it, portrait or landscape.
     */
    get: operations['getProductsByIdTemplatePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description A problem (RFC 9457) */
    Problem: {
      /** @description A URI naming the kind of problem; its page in the developer documentation */
      type: string;
      /** @description The kind of problem in words (the same for every problem of this type) */
      title: string;
      /** @description The HTTP status of the answer */
      status: number;
      /** @description What went wrong this time, in words a person can act on */
      detail: string;
      /** @description A message per field (nested fields joined with dots; `_` for the body as a whole), when the problem is about fields */
      errors?: {
        [key: string]: string;
      };
    };
  };
  responses: {
    /** @description The body is not valid JSON, or is empty where JSON was announced; or a header the operation reads is missing or malformed */
    Error400: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description No API key, or one that is not valid (revoked, or never made) */
    Error401: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The key’s account may not use the API now (awaiting approval, or paying by card before each order): `detail` says why */
    Error403: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description No such object, or one of another account — or of the other mode (a test key sees only sandbox orders, a live key only real ones) */
    Error404: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The object is not in a state that allows this (or was changed meanwhile) */
    Error409: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The body is too large */
    Error413: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description A part of the request is invalid: `errors` has a message per field */
    Error422: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Too many requests with this key: wait for Retry-After seconds */
    Error429: {
      headers: {
        /** @description Seconds to wait */
        'Retry-After'?: number;
        /** @description Requests this key may make in the window */
        'RateLimit-Limit'?: number;
        /** @description Requests left in this window */
        'RateLimit-Remaining'?: number;
        /** @description Seconds until the window starts again */
        'RateLimit-Reset'?: number;
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The database is unavailable or too slow: try again after Retry-After seconds */
    Error503: {
      headers: {
        /** @description Seconds to wait */
        'Retry-After'?: number;
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getOpenapiJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            openapi: string;
            info: {
              title: string;
              version: string;
            } & {
              [key: string]: unknown;
            };
            paths: {
              [key: string]: unknown;
            };
          } & {
            [key: string]: unknown;
          };
        };
      };
      503: components['responses']['Error503'];
    };
  };
  getOrders: {
    parameters: {
      query?: {
        external_ref?: string;
        status?: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
        /** @description The next_cursor of the page before: orders older than that one */
        after?: number | string;
        limit?: number | string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description The order number */
              id: number;
              external_ref: string | null;
              ref: string;
              /** @enum {string} */
              status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
              awaiting_reason: string | null;
              /** @description A sandbox order: never printed, invoiced or charged */
              test: boolean;
              /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
              blind_dispatch: boolean;
              accept_warnings: boolean;
              items: {
                id: number;
                product_id: number;
                product_name: string;
                stock_id: number;
                stock_name: string;
                qty: number;
                /** @enum {string} */
                sides: 'single' | 'double';
                /** @enum {string} */
                orientation: 'portrait' | 'landscape';
                notes: string;
                option_ids: number[];
                options: {
                  id: number;
                  group: string;
                  name: string;
                }[];
                turnaround: {
                  id: number;
                  name: string;
                  production_days: number;
                } | null;
                price: number | null;
                artwork: {
                  /** @enum {string} */
                  status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                  reason: string | null;
                  name: string | null;
                  checks: {
                    code: string;
                    /** @enum {string} */
                    status: 'pass' | 'warn' | 'fail';
                    message: string;
                  }[];
                };
                /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
                proof_requested: boolean;
                /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
                proof_price: number | null;
                /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
                proof: {
                  /** @enum {string} */
                  status: 'making' | 'ready' | 'approved' | 'changes_requested';
                  version: number;
                  comment: string | null;
                  decided_at: string | null;
                  decided_by: string | null;
                  /** @description The proof’s PDF (GET, with your key) */
                  url: string;
                } | null;
              }[];
              address: {
                firstname: string;
                lastname: string;
                company_name: string;
                telephone: string;
                email: string;
                address1: string;
                address2: string;
                town: string;
                county: string;
                postcode: string;
                country_id: number | null;
              };
              delivery: {
                id: number;
                code: string;
                name: string;
                /** @enum {string} */
                carrier: 'royalmail' | 'courier' | 'collection';
              } | null;
              delivery_cost: number | null;
              total_net: number | null;
              total_vat: number | null;
              total: number | null;
              dispatch_due: string | null;
              delivery_due: string | null;
              problem_text: string | null;
              tracking_number: string | null;
              created_at: string;
              confirmed_at: string | null;
              dispatched_at: string | null;
            }[];
            next_cursor: number | null;
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  postOrders: {
    parameters: {
      query?: never;
      header: {
        /** @description Any 1–255 printable ASCII characters, one per order you place: a retry with it within 24 hours answers the first answer */
        'idempotency-key': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Your reference for the order: unique per account and mode (a duplicate answers 409 naming the order) */
          external_ref: string;
          /** @description What to print; or give quote_id */
          items?: {
            product_id: number | string;
            stock_id: number | string;
            qty: number | string;
            /** @enum {string} */
            sides: 'single' | 'double';
            /** @enum {string} */
            orientation: 'portrait' | 'landscape';
            notes?: string | null;
            option_ids?: (number | string)[];
            turnaround_id?: number | string | null;
            proof_requested?: boolean;
            /** @description A print-ready PDF the server fetches; or leave it out and PUT the artwork later */
            artwork_url?: string;
          }[];
          /** @description Order a saved quote’s items at its prices (instead of items) */
          quote_id?: number | string;
          /** @description Where to deliver (or give address_id); a quote’s own address when ordering a quote without either */
          address?: {
            firstname: string;
            lastname: string;
            /** @default  */
            company_name?: string;
            /** @default  */
            telephone?: string;
            email: string;
            address1: string;
            /** @default  */
            address2?: string;
            town: string;
            /** @default  */
            county?: string;
            postcode: string;
            country_id: number | string;
          };
          /** @description One of your saved addresses (your address book) instead of address */
          address_id?: number | string;
          /** @description Send the parcel under your name: no printer branding in it, your delivery note (your logo and company, no prices) inside, your company as the carrier’s sender, and no e-mail from us to the recipient. Default: your account’s setting */
          blind_dispatch?: boolean;
          /** @description The delivery service; a quote’s own when ordering a quote */
          delivery_type_id?: number | string;
          /**
           * @description Confirm even when the artwork check warns (low resolution, RGB, no bleed…); a failed check always holds the order
           * @default false
           */
          accept_warnings?: boolean;
        };
      };
    };
    responses: {
      /** @description An order placed through the trade API */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      400: components['responses']['Error400'];
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      413: components['responses']['Error413'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getOrdersById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An order placed through the trade API */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  postOrdersByIdCancel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An order placed through the trade API */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      409: components['responses']['Error409'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  putOrdersByIdItemsByItemIdArtwork: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        itemId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The print-ready PDF, at most the ARTWORK_MAX_MB setting
           */
          file: string;
        };
        'application/json': {
          artwork_url: string;
        };
      };
    };
    responses: {
      /** @description An order placed through the trade API */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      400: components['responses']['Error400'];
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      409: components['responses']['Error409'];
      413: components['responses']['Error413'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  postTestOrdersByIdAdvance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          to: 'printing' | 'dispatched' | 'problem';
          /** @description For `problem`: what the hold says */
          problem_text?: string;
        };
      };
    };
    responses: {
      /** @description An order placed through the trade API */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      400: components['responses']['Error400'];
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      409: components['responses']['Error409'];
      413: components['responses']['Error413'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account an API key belongs to */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The account number */
            id: number;
            company_name: string;
            email: string;
            /**
             * @description The mode of the key that made this request
             * @enum {string}
             */
            mode: 'live' | 'test';
            /**
             * @description API orders are on account: invoiced on dispatch, paid on your terms
             * @enum {string}
             */
            payment_terms: 'account' | 'card';
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getProducts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: number;
              name: string;
              description: string;
              /** @description The finished size; artwork is this plus the bleed on every edge */
              trim_size: {
                width_mm: number;
                height_mm: number;
              };
              /** @description Bleed on every edge that the artwork must carry */
              bleed_mm: number;
              /** @description Weight of one item: delivery is priced by the weight of the whole order */
              weight_grams: number;
              /** @description Your own discount on this product, already in every price (0 when none) */
              discount_percent: number;
              /** @description Values of `sides` an item may take */
              sides: ('single' | 'double')[];
              /** @description Values of `orientation` an item may take */
              orientations: ('portrait' | 'landscape')[];
              /** @description Finishing options: at most one per group, and one of each `required` group. Send the chosen ids as `option_ids` */
              option_groups: {
                id: number;
                name: string;
                required: boolean;
                options: {
                  id: number;
                  name: string;
                  production_days: number;
                  setup_charge: boolean;
                }[];
              }[];
              /** @description Production speeds, slowest first; `is_default` is used when `turnaround_id` is left out; `offered: false` may not be chosen now (a same-day service after the cut-off) */
              turnarounds: {
                id: number;
                name: string;
                production_days: number;
                price_percent: number;
                is_default: boolean;
                offered: boolean;
                dispatch_date: string;
              }[];
              stocks: {
                id: number;
                name: string;
                /** @description The kind of paper, e.g. "Silk", "Uncoated" */
                type: string;
                /** @description The quantities offered on this paper, at the default turnaround with no option, after your discount. POST /quotes gives the exact price of a choice */
                price_breaks: {
                  /** @description A quantity that may be ordered: only these quantities are accepted */
                  qty: number;
                  /** @description Pence for the whole quantity, single-sided */
                  single: number;
                  /** @description Pence for the whole quantity, double-sided */
                  double: number;
                }[];
                /** @description What choosing one option alone adds to each break’s single-sided price (a set-up charge included) */
                option_prices: {
                  option_id: number;
                  /** @description Pence added, position by position with `price_breaks` */
                  adds: number[];
                }[];
              }[];
              /** @description Every item of it comes with a proof to approve before printing (`proof_requested` cannot be false) */
              proof_required: boolean;
              /** @description Artwork templates: a PDF of the page (trim plus bleed) with the trim, bleed and safe-area lines and the sizes on it, per orientation */
              template_urls: {
                portrait: string;
                landscape: string;
              };
            }[];
            /** @description The UK day production of an order placed now would start */
            production_start: string;
            /** @description Today’s cut-off (HH:MM, UK time): orders confirmed after it start production the next working day */
            cutoff: string;
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  postQuotes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          items: {
            product_id: number | string;
            stock_id: number | string;
            qty: number | string;
            /** @enum {string} */
            sides: 'single' | 'double';
            /** @enum {string} */
            orientation: 'portrait' | 'landscape';
            option_ids?: (number | string)[];
            turnaround_id?: number | string | null;
            /** @description Send a proof (a PDF of the checked artwork with trim, bleed and safe-area lines) to approve before printing, at the price in `proof_price`; a product with `proof_required` always has one */
            proof_requested?: boolean;
          }[];
          /** @description The delivery country, ISO 3166-1 alpha-2 (GB, IE, FR…) */
          country: string;
          /**
           * @description The delivery postcode (kept on the quote; delivery is priced by country and weight)
           * @default
           */
          postcode?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Send as `quote_id` on POST /orders to order it at these prices */
            id: number;
            /** @description Q-000123: the quote’s number as our staff and its PDF name it */
            number: string;
            created_at: string;
            /** @description The last UK day (included) that the item prices hold; after it an order is priced at that day’s prices */
            expires_at: string;
            expired: boolean;
            country: string;
            postcode: string;
            items: {
              product_id: number;
              stock_id: number;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              option_ids: number[];
              /** @description The turnaround asked for; null for the product’s default (named in `turnaround`) */
              turnaround_id: number | null;
              product_name: string;
              stock_name: string;
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              /** @description Pence before VAT for the whole line (its proof included), fixed until `expires_at` */
              price: number;
              /** @description The line comes with a proof to approve before printing */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number;
            }[];
            /** @description The items’ prices together, before delivery and VAT */
            items_net: number;
            /** @description Every service that delivers this order’s weight to its country, cheapest first, each with its dates and totals (at today’s delivery rates) */
            delivery_options: {
              /** @description The delivery service: send it as `delivery_type_id` when ordering */
              id: number;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
              /** @description Pence before VAT, for this order’s weight and country */
              price: number;
              /** @description The UK day it leaves us if ordered (and its artwork passes) now */
              dispatch_date: string;
              /** @description The expected day of delivery */
              delivery_date: string | null;
              /** @description The quote’s totals with this service */
              totals: {
                /** @description Items and delivery, before VAT */
                net: number;
                vat: number;
                /** @description What will be invoiced, VAT included */
                total: number;
              };
            }[];
            /** @description The service the quote was saved with (the cheapest); `totals` are with it */
            delivery_type_id: number | null;
            /** @description With the cheapest delivery option */
            totals: {
              /** @description Items and delivery, before VAT */
              net: number;
              vat: number;
              /** @description What will be invoiced, VAT included */
              total: number;
            };
          };
        };
      };
      400: components['responses']['Error400'];
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      413: components['responses']['Error413'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getQuotesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Send as `quote_id` on POST /orders to order it at these prices */
            id: number;
            /** @description Q-000123: the quote’s number as our staff and its PDF name it */
            number: string;
            created_at: string;
            /** @description The last UK day (included) that the item prices hold; after it an order is priced at that day’s prices */
            expires_at: string;
            expired: boolean;
            country: string;
            postcode: string;
            items: {
              product_id: number;
              stock_id: number;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              option_ids: number[];
              /** @description The turnaround asked for; null for the product’s default (named in `turnaround`) */
              turnaround_id: number | null;
              product_name: string;
              stock_name: string;
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              /** @description Pence before VAT for the whole line (its proof included), fixed until `expires_at` */
              price: number;
              /** @description The line comes with a proof to approve before printing */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number;
            }[];
            /** @description The items’ prices together, before delivery and VAT */
            items_net: number;
            /** @description Every service that delivers this order’s weight to its country, cheapest first, each with its dates and totals (at today’s delivery rates) */
            delivery_options: {
              /** @description The delivery service: send it as `delivery_type_id` when ordering */
              id: number;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
              /** @description Pence before VAT, for this order’s weight and country */
              price: number;
              /** @description The UK day it leaves us if ordered (and its artwork passes) now */
              dispatch_date: string;
              /** @description The expected day of delivery */
              delivery_date: string | null;
              /** @description The quote’s totals with this service */
              totals: {
                /** @description Items and delivery, before VAT */
                net: number;
                vat: number;
                /** @description What will be invoiced, VAT included */
                total: number;
              };
            }[];
            /** @description The service the quote was saved with (the cheapest); `totals` are with it */
            delivery_type_id: number | null;
            /** @description With the cheapest delivery option */
            totals: {
              /** @description Items and delivery, before VAT */
              net: number;
              vat: number;
              /** @description What will be invoiced, VAT included */
              total: number;
            };
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getInvoices: {
    parameters: {
      query?: {
        /** @description The `next_cursor` of the page before; leave out for the first page */
        after?: number | string;
        /** @description How many to answer, 1–100 (default 20) */
        limit?: number | string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: number;
              number: string;
              /** @description The invoice date */
              date: string;
              /** @description The order it invoices (null for an invoice our staff uploaded for other work) */
              order_id: number | null;
              net: number | null;
              vat: number | null;
              total: number;
              /** @description The UK day it is due, by your account’s terms */
              due_date: string;
              /** @description Pence paid so far */
              paid: number;
              /** @description Pence still to pay */
              balance: number;
              /**
               * @description unpaid, part_paid, paid or overdue
               * @enum {string}
               */
              state: 'unpaid' | 'part_paid' | 'paid' | 'overdue';
              created_at: string;
            }[];
            /** @description Send as `after` for the next page; null on the last page */
            next_cursor: number | null;
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getInvoicesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            number: string;
            /** @description The invoice date */
            date: string;
            /** @description The order it invoices (null for an invoice our staff uploaded for other work) */
            order_id: number | null;
            net: number | null;
            vat: number | null;
            total: number;
            /** @description The UK day it is due, by your account’s terms */
            due_date: string;
            /** @description Pence paid so far */
            paid: number;
            /** @description Pence still to pay */
            balance: number;
            /**
             * @description unpaid, part_paid, paid or overdue
             * @enum {string}
             */
            state: 'unpaid' | 'part_paid' | 'paid' | 'overdue';
            created_at: string;
          };
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getInvoicesByIdPdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getOrdersByIdItemsByItemIdProof: {
    parameters: {
      query?: {
        /** @description An earlier version; the current one by default */
        version?: number;
      };
      header?: never;
      path: {
        id: string;
        itemId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  postOrdersByIdItemsByItemIdProofApprove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        itemId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          version: number | string;
        };
      };
    };
    responses: {
      /** @description An order placed through the trade API */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      400: components['responses']['Error400'];
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      409: components['responses']['Error409'];
      413: components['responses']['Error413'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  postOrdersByIdItemsByItemIdProofChanges: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        itemId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          version: number | string;
          comment: string;
        };
      };
    };
    responses: {
      /** @description An order placed through the trade API */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The order number */
            id: number;
            external_ref: string | null;
            ref: string;
            /** @enum {string} */
            status: 'awaiting' | 'live' | 'printing' | 'problem' | 'dispatched' | 'cancelled';
            awaiting_reason: string | null;
            /** @description A sandbox order: never printed, invoiced or charged */
            test: boolean;
            /** @description Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient */
            blind_dispatch: boolean;
            accept_warnings: boolean;
            items: {
              id: number;
              product_id: number;
              product_name: string;
              stock_id: number;
              stock_name: string;
              qty: number;
              /** @enum {string} */
              sides: 'single' | 'double';
              /** @enum {string} */
              orientation: 'portrait' | 'landscape';
              notes: string;
              option_ids: number[];
              options: {
                id: number;
                group: string;
                name: string;
              }[];
              turnaround: {
                id: number;
                name: string;
                production_days: number;
              } | null;
              price: number | null;
              artwork: {
                /** @enum {string} */
                status: 'awaiting' | 'fetching' | 'checking' | 'passed' | 'warnings' | 'failed';
                reason: string | null;
                name: string | null;
                checks: {
                  code: string;
                  /** @enum {string} */
                  status: 'pass' | 'warn' | 'fail';
                  message: string;
                }[];
              };
              /** @description The item comes with a proof to approve before printing (asked for, or its product requires one) */
              proof_requested: boolean;
              /** @description Pence of `price` that is the proof (0 without one, or when proofs are free) */
              proof_price: number | null;
              /** @description Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved */
              proof: {
                /** @enum {string} */
                status: 'making' | 'ready' | 'approved' | 'changes_requested';
                version: number;
                comment: string | null;
                decided_at: string | null;
                decided_by: string | null;
                /** @description The proof’s PDF (GET, with your key) */
                url: string;
              } | null;
            }[];
            address: {
              firstname: string;
              lastname: string;
              company_name: string;
              telephone: string;
              email: string;
              address1: string;
              address2: string;
              town: string;
              county: string;
              postcode: string;
              country_id: number | null;
            };
            delivery: {
              id: number;
              code: string;
              name: string;
              /** @enum {string} */
              carrier: 'royalmail' | 'courier' | 'collection';
            } | null;
            delivery_cost: number | null;
            total_net: number | null;
            total_vat: number | null;
            total: number | null;
            dispatch_due: string | null;
            delivery_due: string | null;
            problem_text: string | null;
            tracking_number: string | null;
            created_at: string;
            confirmed_at: string | null;
            dispatched_at: string | null;
          };
        };
      };
      400: components['responses']['Error400'];
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      409: components['responses']['Error409'];
      413: components['responses']['Error413'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
  getProductsByIdTemplatePdf: {
    parameters: {
      query?: {
        orientation?: 'portrait' | 'landscape';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      401: components['responses']['Error401'];
      403: components['responses']['Error403'];
      404: components['responses']['Error404'];
      422: components['responses']['Error422'];
      429: components['responses']['Error429'];
      503: components['responses']['Error503'];
    };
  };
}
