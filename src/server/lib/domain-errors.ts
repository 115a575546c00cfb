import { isUniqueViolation } from '../db/errors';

/**
 * The refusals a service may throw, named by what went wrong in the domain's own words. Services
 * know no HTTP (DESIGN §1): lib/errors.ts's error handler alone decides the status each kind answers
 * with. Every message and field message is written for the caller and is safe to show.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** A message per field, shown beside each input of the form that sent it. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist — or is not the caller's to see, which it must not be able to tell apart. */
export class NotFound extends DomainError {}

/**
 * The thing exists but is in a state that refuses this change (a confirmed order, a stale version, a
 * batch being made). `members` name what it conflicts with (`{order_id: 12}`): the trade API's
 * problem carries them as extension members (RFC 9457 §3.2), and the web API's answer beside its message.
 */
export class Conflict extends DomainError {
  constructor(
    message: string,
    errors?: Record<string, string>,
    readonly members?: Readonly<Record<string, string | number>>,
  ) {
    super(message, errors);
  }
}

/** The input is wrong: a message per field (the first one is the message when none is given). */
export class Invalid extends DomainError {
  declare readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>, message?: string) {
    super(message ?? Object.values(errors)[0] ?? 'The given data was invalid.', errors);
  }
}

/** The request could not be read at all (a missing or malformed header), before any field could be checked. */
export class Malformed extends DomainError {}

/** The caller is signed in but may not do this (a customer on a staff action, an expired download link). */
export class NotAllowed extends DomainError {
  constructor(message = 'You are not allowed to do this.') {
    super(message);
  }
}

/** Nobody is signed in, and this needs someone. */
export class NotSignedIn extends DomainError {
  constructor(message = 'You are not signed in.') {
    super(message);
  }
}

/** The thing was there but can no longer be had (an e-mail's link past its last day): asking again will not mend it. */
export class Gone extends DomainError {}

/** The page's proof that the request came from it (the XSRF token) is missing or stale: reloading the page mends it. */
export class PageExpired extends DomainError {
  constructor(message = 'Your page has expired. Please reload it and try again.') {
    super(message);
  }
}

/** The caller asked too often; `retryAfterSeconds` says when to come back. */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * The server refuses work it has no room for (a full queue) and says when to come back. It is load,
 * not a fault: it is logged as `summary`, a warning once per interval with a count, never an error
 * with a stack for every request refused.
 */
export class Busy extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly summary: string,
  ) {
    super(message);
  }
}

/** Something this depends on is away for now (a sign-in provider that does not answer): try again later. */
export class Unavailable extends DomainError {}

/** A service outside answered with a refusal or an error of its own (Royal Mail's Click & Drop); the message says its reason. */
export class UpstreamFailed extends DomainError {}

export const notFound = (what = 'Not found') => new NotFound(what);
export const conflict = (message: string, members?: Readonly<Record<string, string | number>>) => new Conflict(message, undefined, members);
export const gone = (message: string) => new Gone(message);
export const unauthorized = () => new NotSignedIn();
export const forbidden = () => new NotAllowed();
/** Invalid input with a message per field, the shape every form shows beside its inputs. */
export const unprocessable = (errors: Record<string, string>, message?: string) => new Invalid(errors, message);

/**
 * Runs a write whose service checks `constraint` itself: when a concurrent write gets past that
 * check, the constraint's violation is the same Invalid with the same `errors`, never a 500.
 */
export const uniqueAsFieldError =
  (constraint: string, errors: Record<string, string>) =>
  async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err, constraint)) throw unprocessable(errors);
      throw err;
    }
  };
