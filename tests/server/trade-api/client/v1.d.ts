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
}
