import { z } from 'zod';
import { CARRIERS } from '../domain/delivery/delivery';
import { idSchema, INT4_MAX, textSchema, wholeNumberSchema as wholeNumber } from './common';

/**
 * The delivery catalogue as staff edit it (DESIGN §2 "Delivery", §3): delivery types with the
 * countries they serve (`country_ids`), their weight bands (`delivery-prices`), and the closed days
 * that are not working days. Money is integer pence; weights are grams.
 */

const required = (label: string, max: number) =>
  textSchema({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);

const flag = z.boolean({ message: 'Choose yes or no' });

export const countryIdsField = z
  .array(idSchema('Not a country'), { message: 'Choose the countries as a list' })
  .max(400, 'At most 400 countries')
  .refine((ids) => new Set(ids).size === ids.length, 'Each country can be chosen only once');

export const deliveryTypeFields = {
  code: required('Service code', 40),
  name: required('Name', 120),
  carrier: z.enum(CARRIERS, { message: 'Choose Royal Mail, courier or collection' }),
  large_item: flag.optional().default(false),
  transit_days: wholeNumber('Transit days', 0, 60, 'Transit takes a whole number of working days from 0 to 60'),
  active: flag.optional().default(true),
  sort_order: wholeNumber('Sort order', 0, INT4_MAX).optional(),
  country_ids: countryIdsField.optional().default([]),
};
export const deliveryTypeCreateSchema = z.object(deliveryTypeFields);
export const deliveryTypeUpdateSchema = z.object({
  code: deliveryTypeFields.code.optional(),
  name: deliveryTypeFields.name.optional(),
  carrier: deliveryTypeFields.carrier.optional(),
  large_item: flag.optional(),
  transit_days: deliveryTypeFields.transit_days.optional(),
  active: flag.optional(),
  sort_order: deliveryTypeFields.sort_order,
  country_ids: countryIdsField.optional(),
});

export const deliveryTypeRecordSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  carrier: z.enum(CARRIERS),
  large_item: z.boolean(),
  transit_days: z.number(),
  active: z.boolean(),
  sort_order: z.number(),
  country_ids: z.array(z.number()),
  /** How many weight bands it has (a type without any is never offered). */
  band_count: z.number(),
  /** How many orders chose it: such a type cannot be deleted, only made inactive. */
  order_count: z.number(),
  /** The version it was read at: sent back with a change (a stale one answers 409). */
  version: z.number(),
});
export type DeliveryTypeRecord = z.infer<typeof deliveryTypeRecordSchema>;

/** A weight band: up to `weight_upto` grams costs `price` pence. */
export const deliveryPriceFields = {
  delivery_type_id: idSchema('Choose a delivery type'),
  weight_upto: wholeNumber('Weight up to', 1, 10_000_000, 'The weight must be a whole number of grams from 1 to 10,000,000'),
  price: wholeNumber('Price', 0, 100_000_000, 'The price must be a whole number of pence from 0 to 100,000,000'),
};
export const deliveryPriceCreateSchema = z.object(deliveryPriceFields);
export const deliveryPriceUpdateSchema = z.object({
  weight_upto: deliveryPriceFields.weight_upto.optional(),
  price: deliveryPriceFields.price.optional(),
});
export const deliveryPriceRecordSchema = z.object({
  id: z.number(),
  delivery_type_id: z.number(),
  weight_upto: z.number(),
  price: z.number(),
  version: z.number(),
});
export type DeliveryPriceRecord = z.infer<typeof deliveryPriceRecordSchema>;

/** A civil date 'YYYY-MM-DD' that exists. */
export const civilDateSchema = (label = 'Date') =>
  z
    .string({ message: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const at = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value && value >= '2000-01-01' && value <= '2200-12-31';
    }, `${label} must be a real date between 2000 and 2200`);

export const closedDayCreateSchema = z.object({ date: civilDateSchema(), name: required('Name', 120) });
export const closedDayUpdateSchema = z.object({ date: civilDateSchema().optional(), name: required('Name', 120).optional() });
export const closedDayRecordSchema = z.object({ id: z.number(), date: z.string(), name: z.string(), version: z.number() });
export type ClosedDayRecord = z.infer<typeof closedDayRecordSchema>;
