/**
 * Reading a failed call, whatever made it (a react-admin hook or a custom dataProvider method):
 * both reject with react-admin's HttpError, whose `body` is the server's `{ message, errors }`.
 */

/** The field messages of a refused (422) call, by field path (`email`, `rows.0.qty`), or {} for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

/** The server's message for a failure (HttpError carries it as its message), else `fallback`. */
export const messageOf = (error: unknown, fallback = 'Something went wrong. Please try again.'): string =>
  (error instanceof Error && error.message) || fallback;
