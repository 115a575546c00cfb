import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { apiResource } from './apiPaths';
import { API_BASE } from './call';
import { httpClient } from './httpClient';
import { versionedWrites } from './versions';

const rest = simpleRestProvider(API_BASE, httpClient);

/** Every standard call of react-admin. */
const METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;
const calls = { ...rest, ...versionedWrites(rest, httpClient, API_BASE) };

/** react-admin's CRUD (ra-data-simple-rest), with the resource's API name in place of its screen path; updates and deletes send the version read (versions.ts). */
export const standardCalls = Object.fromEntries(
  METHODS.map((method) => [
    method,
    (resource: string, params: unknown) => (calls[method] as (r: string, p: unknown) => Promise<unknown>)(apiResource(resource), params),
  ]),
) as unknown as Pick<DataProvider, (typeof METHODS)[number]>;
