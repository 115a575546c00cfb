import { isAxiosError } from 'axios';

/** What a form needs from a failed call: the server's message and one text per bad field. */
export interface ApiErrors {
  message: string;
  errors: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the API's error body `{ message, errors }` (ApiErrorBody) out of a failed request, e.g. a
 * 422's field messages. Null when the failure carries no such body (network error, HTML page…).
 */
export function apiErrors(error: unknown): ApiErrors | null {
  if (!isAxiosError(error)) return null;
  const body: unknown = error.response?.data;
  if (!isRecord(body) || typeof body.message !== 'string') return null;
  const errors: Record<string, string> = {};
  if (isRecord(body.errors)) {
    for (const [field, text] of Object.entries(body.errors)) {
      if (typeof text === 'string') errors[field] = text;
    }
  }
  return { message: body.message, errors };
}
