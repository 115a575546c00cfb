import { toHttpError } from './httpClient';

/** Where the staff API lives: the resources of the list protocol and the calls beyond it. */
export const API_BASE = '/api/admin';

/** A custom call on the shared client, answering its body; a failure as react-admin's HttpError. */
export async function call<T>(request: Promise<{ data: T }>): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw toHttpError(error);
  }
}

/** A refused blob request's body is a Blob of the server's JSON: read it, so the message shows. */
export async function blobErrorAsJson(error: unknown): Promise<unknown> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (response && response.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text()) as unknown;
    } catch {
      // Not JSON: the status alone says it.
    }
  }
  return error;
}
