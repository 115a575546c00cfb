import { z } from 'zod';
import { textSchema, wholeNumberSchema } from './common';
import { addressSchema, orderAddressSchema } from './orders';

/**
 * The customer's address book (DESIGN §3 "Addresses (customer)"): saved delivery addresses, each
 * with the same fields and the same rules as an order's delivery address (addressSchema), so a
 * saved address is always one a basket accepts, and a refusal reads the same in both places.
 */

const isDefault = z.boolean({ message: 'Choose yes or no' });

/** POST /api/addresses: the address, and whether it becomes the default (the others then are not). */
export const addressCreateSchema = addressSchema.extend({ is_default: isDefault.optional().default(false) });
export type SavedAddressInput = z.input<typeof addressCreateSchema>;

const { firstname, lastname, company_name, telephone, email, address1, address2, town, county, postcode, country_id } = addressSchema.shape;

/**
 * PATCH /api/addresses/{id}: any of the fields; one left out stays as it is (so the optional ones
 * lose their "empty when left out" default here: left out is not cleared).
 */
export const addressUpdateSchema = z.strictObject({
  firstname: firstname.optional(),
  lastname: lastname.optional(),
  company_name: company_name.unwrap(),
  telephone: telephone.unwrap(),
  email: email.optional(),
  address1: address1.optional(),
  address2: address2.unwrap(),
  town: town.optional(),
  county: county.unwrap(),
  postcode: postcode.optional(),
  country_id: country_id.optional(),
  is_default: isDefault.optional(),
});
export type SavedAddressUpdate = z.input<typeof addressUpdateSchema>;

export const savedAddressSchema = orderAddressSchema.extend({
  id: z.number(),
  country_id: z.number(),
  /** The country's name, for display. */
  country_name: z.string(),
  /** The customer's default: at most one of theirs is. */
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** `GET /api/addresses`: the default first, then by name; `q` searches name, company, postcode and town. */
export const addressListQuerySchema = z.object({
  q: textSchema().trim().max(100, 'At most 100 characters').optional(),
  page: wholeNumberSchema('Page', 1, 100_000).optional().default(1),
  per_page: wholeNumberSchema('Per page', 1, 100).optional().default(20),
});
export type AddressListQuery = z.input<typeof addressListQuerySchema>;
export const addressListSchema = z.object({ data: z.array(savedAddressSchema), total: z.number(), page: z.number(), per_page: z.number() });
export type AddressList = z.infer<typeof addressListSchema>;

/** The multipart field of an address import. */
export const ADDRESS_FILE_FIELD = 'file';
/** The most data rows one import may have. */
export const ADDRESS_IMPORT_MAX_ROWS = 2000;
/** The largest import file: 2,000 addresses are well under a megabyte. */
export const ADDRESS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most addresses one customer may keep. */
export const ADDRESS_BOOK_MAX = 10_000;

/**
 * The columns an import reads, by header name (case, spaces and dashes do not matter): the JSON
 * fields' names, and `country` (an ISO code such as GB, or a name such as United Kingdom) instead
 * of `country_id`. A row with neither is in the United Kingdom. `is_default` takes yes/no, true/false or 1/0.
 */
export const ADDRESS_IMPORT_COLUMNS = [
  'firstname',
  'lastname',
  'company_name',
  'telephone',
  'email',
  'address1',
  'address2',
  'town',
  'county',
  'postcode',
  'country',
  'country_id',
  'is_default',
] as const;

/** `POST /api/addresses/import?apply=1` stores the good rows; without it nothing is stored (a preview). */
export const addressImportQuerySchema = z.object({ apply: z.enum(['0', '1'], { message: 'apply is 1 or 0' }).optional() });

/**
 * What an import found: `rows` data rows (numbered from 1, the header not counted), the good ones
 * as they would be saved, and a message per bad row. `applied`: the good rows were stored.
 */
export const addressImportSchema = z.object({
  rows: z.number(),
  good: z.array(
    z.object({
      row: z.number(),
      address: orderAddressSchema.extend({ country_id: z.number(), country_name: z.string(), is_default: z.boolean() }),
    }),
  ),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  applied: z.boolean(),
});
export type AddressImport = z.infer<typeof addressImportSchema>;
