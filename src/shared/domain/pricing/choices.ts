import { addWorkingDays, DEFAULT_CUTOFF, productionStartDay, ukDateTime, type CivilDate, type DispatchPromise } from '../calendar/workingDays';
import type { OptionCosts } from './engine';

/**
 * An item's finishing options and turnaround (DESIGN §2 "Options and turnarounds"): which choices
 * are valid for a product, and the dispatch date they make. The price of a valid choice is the
 * engine's (`linePrice` / `withOptions` + `breakPrices` with the turnaround's percent).
 *
 * The rules, each answered as a message on the item's field (`option_ids` or `turnaround_id`):
 *   - every chosen option is one of the product's, and still on offer (active);
 *   - at most one option per group, and exactly one of each required group that has any on offer;
 *   - the turnaround (the product's default when none is named) is the product's, and active;
 *   - a 0-day turnaround (Same day) only for an order that would start production today: confirmed
 *     on a working day before the cut-off.
 */

/** A finishing option as an item's choice needs it. */
export interface ChoiceOption extends OptionCosts {
  id: number;
  name: string;
  /** Extra working days it adds to production. */
  production_days: number;
  active: boolean;
}

/** A group of options (Lamination, Corners…): one choice at most, exactly one when required. */
export interface ChoiceGroup {
  id: number;
  name: string;
  required: boolean;
  options: readonly ChoiceOption[];
}

/** A turnaround (Saver, Standard, Express, Same day…) of a product. */
export interface ChoiceTurnaround {
  id: number;
  name: string;
  production_days: number;
  /** Whole percent on the price (may be negative). */
  price_percent: number;
  is_default: boolean;
  active: boolean;
}

/** What a product offers: its option groups with their options, and its turnarounds. */
export interface ProductChoices {
  name?: string;
  option_groups: readonly ChoiceGroup[];
  turnarounds: readonly ChoiceTurnaround[];
}

/** An item's choice as the API takes it: option ids, and a turnaround (default: the product's default). */
export interface ItemChoice {
  option_ids?: readonly number[];
  turnaround_id?: number | null;
}

/** When the choice is made, for the Same-day rule: the moment, the closed days and the cut-off (UK time). */
export interface ChoiceMoment {
  at: Date;
  closed: ReadonlySet<CivilDate>;
  cutoff?: string;
}

export type ChoiceField = 'option_ids' | 'turnaround_id';

/** A chosen option with the group it belongs to. */
export type ChosenOption = ChoiceOption & { group_id: number; group_name: string };

export type CheckedChoice =
  | {
      ok: true;
      /** The chosen options in the product's group order. */
      options: ChosenOption[];
      turnaround: ChoiceTurnaround;
      /** Working days from the start of production to dispatch for this item. */
      production_days: number;
    }
  | { ok: false; errors: Partial<Record<ChoiceField, string>> };

/** The working days an item takes: its turnaround's, plus the longest extra of its options (finishes run side by side). */
export function itemProductionDays(turnaround: { production_days: number }, options: ReadonlyArray<{ production_days: number }> = []): number {
  return turnaround.production_days + options.reduce((longest, option) => Math.max(longest, option.production_days), 0);
}

/** True when an order confirmed at `when.at` starts production that same UK day (a working day, before the cut-off). */
export function startsToday(when: ChoiceMoment): boolean {
  return productionStartDay(when.at, when.closed, when.cutoff) === ukDateTime(when.at).date;
}

/** Whether a turnaround may be chosen at `when`: active, and a 0-day one only when production starts today. */
export function isTurnaroundOffered(turnaround: ChoiceTurnaround, when: ChoiceMoment): boolean {
  return turnaround.active && (turnaround.production_days > 0 || startsToday(when));
}

/** The turnarounds a customer may choose at `when`, as the product lists them. */
export function offeredTurnarounds(product: ProductChoices, when: ChoiceMoment): ChoiceTurnaround[] {
  return product.turnarounds.filter((t) => isTurnaroundOffered(t, when));
}

/** The product's default turnaround, or undefined when it has none. */
export const defaultTurnaround = (product: ProductChoices): ChoiceTurnaround | undefined => product.turnarounds.find((t) => t.is_default);

/** "Lamination", "Lamination and Corners", "Lamination, Corners and Drilling". */
function andList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The problems of the options chosen, as one message (null when there are none). */
function optionProblems(product: ProductChoices, ids: readonly number[]): { message: string | null; chosen: ChosenOption[] } {
  const byId = new Map<number, ChosenOption>();
  for (const group of product.option_groups) for (const option of group.options) byId.set(option.id, { ...option, group_id: group.id, group_name: group.name });
  const problems: string[] = [];
  const what = product.name ? ` for ${product.name}` : '';

  if (new Set(ids).size !== ids.length) problems.push('Each option can be chosen only once.');
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) problems.push(`${unknown.length === 1 ? 'An option chosen is' : 'Some options chosen are'} not offered${what}.`);
  const chosen = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);

  const retired = chosen.filter((o) => !o.active);
  for (const option of retired) problems.push(`${option.group_name}: ${option.name} is no longer offered; choose another.`);

  for (const group of product.option_groups) {
    const inGroup = chosen.filter((o) => o.group_id === group.id);
    if (inGroup.length > 1) problems.push(`Choose one ${group.name} only, not ${andList(inGroup.map((o) => o.name))}.`);
  }
  // A required group asks for one of what is on offer: a group whose options are all withdrawn asks for nothing.
  const missing = product.option_groups.filter((g) => g.required && g.options.some((o) => o.active) && !chosen.some((o) => o.group_id === g.id));
  if (missing.length) problems.push(`Choose an option for ${andList(missing.map((g) => g.name))}.`);

  const order = new Map(product.option_groups.map((g, i) => [g.id, i]));
  chosen.sort((a, b) => order.get(a.group_id)! - order.get(b.group_id)!);
  return { message: problems.length ? problems.join(' ') : null, chosen };
}

/** The problem of the turnaround chosen (or defaulted), or the turnaround. */
function turnaroundProblem(product: ProductChoices, id: number | null | undefined, when: ChoiceMoment): { message: string } | { turnaround: ChoiceTurnaround } {
  const turnaround = id === undefined || id === null ? defaultTurnaround(product) : product.turnarounds.find((t) => t.id === id);
  if (!turnaround) {
    return {
      message: id === undefined || id === null ? 'Choose a turnaround.' : `That turnaround is not offered${product.name ? ` for ${product.name}` : ''}.`,
    };
  }
  if (!turnaround.active) return { message: `${turnaround.name} is no longer offered; choose another turnaround.` };
  if (!isTurnaroundOffered(turnaround, when)) {
    return {
      message: `${turnaround.name} is only for orders confirmed before ${when.cutoff ?? DEFAULT_CUTOFF} (UK time) on a working day; choose another turnaround.`,
    };
  }
  return { turnaround };
}

/**
 * Checks an item's options and turnaround against what its product offers at `when`: the chosen
 * options (in group order), the turnaround and the item's production days, or a message per field.
 */
export function checkItemChoice(product: ProductChoices, choice: ItemChoice, when: ChoiceMoment): CheckedChoice {
  const options = optionProblems(product, choice.option_ids ?? []);
  const turnaround = turnaroundProblem(product, choice.turnaround_id, when);
  const errors: Partial<Record<ChoiceField, string>> = {};
  if (options.message) errors.option_ids = options.message;
  if ('message' in turnaround) errors.turnaround_id = turnaround.message;
  if ('message' in turnaround || options.message) return { ok: false, errors };
  return { ok: true, options: options.chosen, turnaround: turnaround.turnaround, production_days: itemProductionDays(turnaround.turnaround, options.chosen) };
}

/**
 * The dates of an item (or, with the longest of its items' production days, an order) confirmed at
 * `at`: production starts today before the cut-off on a working day, else the next working day;
 * dispatch is that day plus the turnaround's days plus the longest option's extra days, in working
 * days; delivery adds the transit days when a delivery type is known.
 */
export function choiceDispatchPromise(
  at: Date,
  opts: {
    turnaround: { production_days: number };
    options?: ReadonlyArray<{ production_days: number }>;
    transitDays?: number | null;
    closed: ReadonlySet<CivilDate>;
    cutoff?: string;
  },
): DispatchPromise {
  const start = productionStartDay(at, opts.closed, opts.cutoff);
  const dispatch = addWorkingDays(start, itemProductionDays(opts.turnaround, opts.options), opts.closed);
  const delivery = opts.transitDays === undefined || opts.transitDays === null ? null : addWorkingDays(dispatch, opts.transitDays, opts.closed);
  return { start, dispatch, delivery, beforeCutoffToday: start === ukDateTime(at).date };
}
