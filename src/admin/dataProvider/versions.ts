import type { DataProvider, DeleteParams } from 'react-admin';

/**
 * Staff writes carry the version the record was read at (the server refuses an older one with 409,
 * so that two colleagues editing one record never lose a change without a word). react-admin hands
 * every update and delete the record as it was read, `previousData`: its `version` goes with the
 * write — in a PUT's body, and as `?version=` on a DELETE, which has no body.
 */

/** What ra-data-simple-rest's httpClient answers (fetchUtils.fetchJson's shape). */
type HttpClient = (url: string, options?: { method?: string; body?: string; headers?: Headers }) => Promise<{ json: unknown }>;

const versionOf = (record: unknown): number | undefined => {
  const version = (record as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? version : undefined;
};

/** An update's body with the version the record was read at (the form's own `version` when react-admin has no previous record). */
export function withReadVersion<T extends object>(params: { data: T; previousData?: unknown }): T & { version?: number } {
  const version = versionOf(params.previousData) ?? versionOf(params.data);
  return version === undefined ? params.data : { ...params.data, version };
}

/** A DELETE's address, naming the version the record was read at when react-admin knows it. */
export function deleteUrl(apiUrl: string, resource: string, params: Pick<DeleteParams, 'id' | 'previousData'>): string {
  const version = versionOf(params.previousData);
  return `${apiUrl}/${resource}/${encodeURIComponent(params.id)}${version === undefined ? '' : `?version=${version}`}`;
}

/** ra-data-simple-rest's update and delete, each sending the version its record was read at. */
export function versionedWrites(rest: DataProvider, httpClient: HttpClient, apiUrl: string): Pick<DataProvider, 'update' | 'delete'> {
  return {
    update: (resource, params) => rest.update(resource, { ...params, data: withReadVersion(params) }),
    // As simple-rest sends it (a Content-Type Fastify accepts without a body), with `?version=`.
    delete: async (resource, params) => {
      const { json } = await httpClient(deleteUrl(apiUrl, resource, params), { method: 'DELETE', headers: new Headers({ 'Content-Type': 'text/plain' }) });
      return { data: json as never };
    },
  };
}
