import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, RaRecord } from 'react-admin';
import { LOGO_FIELD } from '../../shared/api';
import { http } from '../../shared/http';
import { apiResource } from './apiPaths';
import { httpClient, toHttpError } from './httpClient';

const rest = simpleRestProvider('/api/admin', httpClient);

/** Every standard call, with the resource's API name in place of its screen path. */
const METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;
const standard = Object.fromEntries(
  METHODS.map((method) => [method, (resource: string, params: unknown) => (rest[method] as (r: string, p: unknown) => Promise<unknown>)(apiResource(resource), params)]),
) as unknown as Pick<DataProvider, (typeof METHODS)[number]>;

/** Calls beyond CRUD, used through useDataProvider(). */
export interface StaffDataProvider extends DataProvider {
  uploadLogo(userId: RaRecord['id'], file: File): Promise<{ data: RaRecord }>;
  removeLogo(userId: RaRecord['id']): Promise<{ data: RaRecord }>;
}

async function answer(call: Promise<{ data: RaRecord }>): Promise<{ data: RaRecord }> {
  try {
    return { data: (await call).data };
  } catch (error) {
    throw toHttpError(error);
  }
}

/** The staff area's dataProvider: ra-data-simple-rest on the shared client (DESIGN §3). */
export const dataProvider: StaffDataProvider = {
  ...standard,
  uploadLogo(userId, file) {
    const form = new FormData();
    form.append(LOGO_FIELD, file);
    return answer(http.post(`/api/admin/users/${encodeURIComponent(userId)}/logo`, form));
  },
  removeLogo(userId) {
    return answer(http.delete(`/api/admin/users/${encodeURIComponent(userId)}/logo`));
  },
};
