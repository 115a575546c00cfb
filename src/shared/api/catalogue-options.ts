import { z } from 'zod';
import { SETUP_COST_MAX, TURNAROUND_PERCENT_MAX, TURNAROUND_PERCENT_MIN } from '../domain/pricing/engine';
import { flag, unitCostField, updateFieldsOf } from './catalogue';
import { idSchema, requiredText, wholeNumberSchema as wholeField } from './common';

/**
 * A product's finishing options and turnarounds as staff keep them (DESIGN §2 "Options and
 * turnarounds", §3): /api/admin/{option-groups,options,turnarounds}. An option's cost per sheet is
 * decimal pounds like stock costs ("0.0200"); its set-up cost whole pence; a turnaround's price
 * change a whole percent, negative for a cheaper, slower service.
 */

const refId = (label: string) => idSchema(`Choose a ${label.toLowerCase()}`);
const sortField = wholeField('Sort', 0, 1_000_000);

/** A whole percent from −50 to +200, as a JSON number or the text a form sends ("-10", "+35"). */
export const turnaroundPercentField = z.union([z.number(), z.string()], { message: 'The price change is required' }).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : /^\s*[+-]?\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < TURNAROUND_PERCENT_MIN || n > TURNAROUND_PERCENT_MAX) {
    ctx.addIssue({ code: 'custom', message: `The price change must be a whole percent from ${TURNAROUND_PERCENT_MIN} to +${TURNAROUND_PERCENT_MAX}` });
    return z.NEVER;
  }
  return n;
});

// ——— Option groups ———

const optionGroupFields = {
  name: requiredText('Name', 60),
  required: flag.optional().default(false),
  sort: sortField.optional(),
};
export const optionGroupCreateSchema = z.object({ product_id: refId('Product'), ...optionGroupFields });
/** PUT: the group stays with its product (product_id is read-only). */
export const optionGroupUpdateSchema = z.object(updateFieldsOf(optionGroupFields));
export type OptionGroupInput = z.input<typeof optionGroupCreateSchema>;

export const optionGroupRecordSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  name: z.string(),
  required: z.boolean(),
  sort: z.number(),
  version: z.number(),
});
export type OptionGroupRecord = z.infer<typeof optionGroupRecordSchema>;

// ——— Options ———

const optionFields = {
  name: requiredText('Name', 80),
  sheet_cost: unitCostField('Cost per sheet').optional().default('0.0000'),
  setup_cost: wholeField('Set-up cost', 0, SETUP_COST_MAX, 'The set-up cost must be whole pence from 0 to 10,000,000 (£100,000)').optional().default(0),
  production_days: wholeField('Extra days', 0, 30, 'Extra production days must be a whole number from 0 to 30').optional().default(0),
  active: flag.optional().default(true),
  sort: sortField.optional(),
};
export const optionCreateSchema = z.object({ option_group_id: refId('Option group'), ...optionFields });
/** PUT: the option stays in its group (option_group_id is read-only). */
export const optionUpdateSchema = z.object(updateFieldsOf(optionFields));
export type OptionInput = z.input<typeof optionCreateSchema>;

export const optionRecordSchema = z.object({
  id: z.number(),
  option_group_id: z.number(),
  /** The group's product (read-only): the product page reads all its options at once by it. */
  product_id: z.number(),
  name: z.string(),
  sheet_cost: z.string(),
  /** Whole pence, once per item line. */
  setup_cost: z.number(),
  production_days: z.number(),
  active: z.boolean(),
  sort: z.number(),
  version: z.number(),
});
export type OptionRecord = z.infer<typeof optionRecordSchema>;

// ——— Turnarounds ———

const turnaroundFields = {
  name: requiredText('Name', 60),
  production_days: wholeField('Production days', 0, 60, 'Production takes a whole number of working days from 0 to 60'),
  price_percent: turnaroundPercentField.optional().default(0),
  is_default: flag.optional().default(false),
  active: flag.optional().default(true),
};
export const turnaroundCreateSchema = z.object({ product_id: refId('Product'), ...turnaroundFields });
/** PUT: the turnaround stays with its product (product_id is read-only). */
export const turnaroundUpdateSchema = z.object(updateFieldsOf(turnaroundFields));
export type TurnaroundInput = z.input<typeof turnaroundCreateSchema>;

export const turnaroundRecordSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  name: z.string(),
  production_days: z.number(),
  price_percent: z.number(),
  is_default: z.boolean(),
  active: z.boolean(),
  version: z.number(),
});
export type TurnaroundRecord = z.infer<typeof turnaroundRecordSchema>;
