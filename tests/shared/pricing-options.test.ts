import { describe, expect, it } from 'vitest';
import {
  breakCosts,
  breakPrices,
  checkItemChoice,
  choiceDispatchPromise,
  itemProductionDays,
  linePrice,
  offeredTurnarounds,
  parseTerms,
  quoteBreak,
  withOptions,
  type ChoiceTurnaround,
  type OptionCosts,
  type ProductChoices,
  type Sides,
  type StockCosts,
} from '../../src/shared/domain/pricing';

/**
 * Options and turnarounds in the price engine (DESIGN §2 "Options and turnarounds"), worked by hand:
 *   cost  = sheets × (sheet + side + Σ option sheet costs) + Σ option set-up costs
 *   price = cost × (1 + margin%) × (1 + turnaround%) × (1 − discount%), half-up to the penny, once.
 */

const silk350: StockCosts = { sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' };
const halfPenny: StockCosts = { sheet_cost: '0.0200', single_cost: '0.0050', double_cost: '0.0100' };
const fivePence: StockCosts = { sheet_cost: '0.0400', single_cost: '0.0100', double_cost: '0.0100' };
const justUnder: StockCosts = { sheet_cost: '0.0400', single_cost: '0.0099', double_cost: '0.0099' };

const matt: OptionCosts = { sheet_cost: '0.0200', setup_cost: 0 };
const rounded: OptionCosts = { sheet_cost: '0.0100', setup_cost: 500 };

interface Row {
  what: string;
  stock: StockCosts;
  multiplier: number;
  qty: number;
  sides: Sides;
  margin: string | number;
  discount: string | number;
  options: OptionCosts[];
  turnaround_percent: number;
  pence: number;
}

// prettier-ignore
const TABLE: Row[] = [
  { what: 'an option per sheet: 11 × (£0.075 + £0.02) = 104.5p, +100 % = 209p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 0, options: [matt], turnaround_percent: 0, pence: 209 },
  { what: 'an option with set-up: 11 × (£0.075 + £0.01) + £5 = 593.5p, +100 % = 1187p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 0, options: [rounded], turnaround_percent: 0, pence: 1187 },
  { what: 'two options: 11 × £0.105 + £5 = 615.5p, +100 % = 1231p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 0, options: [matt, rounded], turnaround_percent: 0, pence: 1231 },
  { what: 'double-sided with an option: 11 × (£0.10 + £0.02) = 132p, +100 % = 264p', stock: silk350, multiplier: 24, qty: 250, sides: 'double', margin: 100, discount: 0, options: [matt], turnaround_percent: 0, pence: 264 },
  { what: 'Express +35 %: 165p × 1.35 = 222.75p → 223p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 0, options: [], turnaround_percent: 35, pence: 223 },
  { what: 'Saver −10 %: 165p × 0.9 = 148.5p → 149p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 0, options: [], turnaround_percent: -10, pence: 149 },
  { what: 'Same day +80 % and a 10 % discount: 165p × 1.8 × 0.9 = 267.3p → 267p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 10, options: [], turnaround_percent: 80, pence: 267 },
  { what: 'everything at once: 593.5p × 1.5 × 1.35 × 0.95 = 1141.745625p → 1142p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 50, discount: 5, options: [rounded], turnaround_percent: 35, pence: 1142 },
  { what: 'half a penny up after a turnaround: 5p × 1.1 = 5.5p → 6p', stock: fivePence, multiplier: 1, qty: 1, sides: 'single', margin: 0, discount: 0, options: [], turnaround_percent: 10, pence: 6 },
  { what: 'half a penny up after a turnaround down: 5p × 0.9 = 4.5p → 5p', stock: fivePence, multiplier: 1, qty: 1, sides: 'single', margin: 0, discount: 0, options: [], turnaround_percent: -10, pence: 5 },
  { what: 'just under half a penny: 4.99p × 1.1 = 5.489p → 5p', stock: justUnder, multiplier: 1, qty: 1, sides: 'single', margin: 0, discount: 0, options: [], turnaround_percent: 10, pence: 5 },
  { what: 'one rounding, at the end: 2.5p × 1.1 × 0.9 = 2.475p → 2p (rounding after each step would give 3p)', stock: halfPenny, multiplier: 1, qty: 1, sides: 'single', margin: 0, discount: 10, options: [], turnaround_percent: 10, pence: 2 },
  { what: 'a set-up cost alone is still marked up: 1 sheet × £0 + £5 = 500p, +20 % = 600p', stock: { sheet_cost: '0', single_cost: '0', double_cost: '0' }, multiplier: 1, qty: 1, sides: 'single', margin: 20, discount: 0, options: [{ sheet_cost: '0', setup_cost: 500 }], turnaround_percent: 0, pence: 600 },
];

describe('the price engine with options and a turnaround: worked table', () => {
  it.each(TABLE)('$what', (row) => {
    expect(linePrice(row)).toBe(row.pence);
  });

  it('prices a break the same way: costs once, with the options added, priced at the turnaround', () => {
    for (const row of TABLE) {
      const plain = breakCosts(row.stock, row.multiplier, row.qty);
      const terms = parseTerms(row.margin, row.discount, row.turnaround_percent);
      expect(breakPrices(withOptions(plain, row.options), terms)[row.sides]).toBe(row.pence);
      expect(breakPrices(breakCosts(row.stock, row.multiplier, row.qty, row.options), terms)[row.sides]).toBe(row.pence);
    }
  });

  it('with no options and a 0 % turnaround, gives exactly the price without them', () => {
    for (const row of TABLE) {
      const without = { stock: row.stock, multiplier: row.multiplier, qty: row.qty, sides: row.sides, margin: row.margin, discount: row.discount };
      expect(linePrice({ ...without, options: [], turnaround_percent: 0 })).toBe(linePrice(without));
    }
  });

  it('quotes a break with options and a turnaround for the staff preview', () => {
    expect(quoteBreak({ stock: silk350, multiplier: 24, qty: 250, margin: 100, options: [matt], turnaround_percent: 35 })).toEqual({
      qty: 250,
      sheets: 11,
      cost_single: '1.0450',
      cost_double: '1.3200',
      single: 282, // 104.5p × 2 × 1.35 = 282.15p
      double: 356, // 132p × 2 × 1.35 = 356.4p
    });
  });

  it.each([
    ['a turnaround below −50 %', { turnaround_percent: -51 }],
    ['a turnaround above +200 %', { turnaround_percent: 201 }],
    ['a fractional turnaround', { turnaround_percent: 2.5 }],
    ['a negative option cost', { options: [{ sheet_cost: '-0.01', setup_cost: 0 }] }],
    ['an option cost with 5 decimal places', { options: [{ sheet_cost: '0.00001', setup_cost: 0 }] }],
    ['a fractional set-up cost', { options: [{ sheet_cost: '0', setup_cost: 1.5 }] }],
    ['a negative set-up cost', { options: [{ sheet_cost: '0', setup_cost: -1 }] }],
  ])('refuses %s', (_what, change) => {
    expect(() => linePrice({ stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 50, ...change })).toThrow(RangeError);
  });
});

// ——— Choices ———

const turnarounds: ChoiceTurnaround[] = [
  { id: 11, name: 'Saver', production_days: 5, price_percent: -10, is_default: false, active: true },
  { id: 12, name: 'Standard', production_days: 2, price_percent: 0, is_default: true, active: true },
  { id: 13, name: 'Express', production_days: 1, price_percent: 35, is_default: false, active: true },
  { id: 14, name: 'Same day', production_days: 0, price_percent: 80, is_default: false, active: true },
  { id: 15, name: 'Overnight', production_days: 1, price_percent: 50, is_default: false, active: false },
];

const cards: ProductChoices = {
  name: 'Business cards',
  option_groups: [
    {
      id: 1,
      name: 'Lamination',
      required: true,
      options: [
        { id: 101, name: 'None', sheet_cost: '0', setup_cost: 0, production_days: 0, active: true },
        { id: 102, name: 'Matt', sheet_cost: '0.0200', setup_cost: 0, production_days: 1, active: true },
        { id: 103, name: 'Gloss', sheet_cost: '0.0200', setup_cost: 0, production_days: 1, active: true },
        { id: 104, name: 'Soft-touch', sheet_cost: '0.0600', setup_cost: 1500, production_days: 2, active: false },
      ],
    },
    {
      id: 2,
      name: 'Corners',
      required: false,
      options: [
        { id: 201, name: 'Square', sheet_cost: '0', setup_cost: 0, production_days: 0, active: true },
        { id: 202, name: 'Rounded', sheet_cost: '0.0100', setup_cost: 500, production_days: 1, active: true },
      ],
    },
    { id: 3, name: 'Foiling', required: true, options: [{ id: 301, name: 'Gold', sheet_cost: '0.5000', setup_cost: 2500, production_days: 3, active: false }] },
  ],
  turnarounds,
};

const other: ProductChoices = {
  name: 'A5 flyers',
  option_groups: [
    { id: 9, name: 'Lamination', required: false, options: [{ id: 901, name: 'Matt', sheet_cost: '0.01', setup_cost: 0, production_days: 1, active: true }] },
  ],
  turnarounds: [{ id: 91, name: 'Standard', production_days: 2, price_percent: 0, is_default: true, active: true }],
};

// Christmas 2026 in England: Fri 25 Dec and Mon 28 Dec (Boxing Day's substitute), New Year's Day Fri 1 Jan 2027.
const closed = new Set(['2026-12-25', '2026-12-28', '2027-01-01']);
const winter = (time: string) => new Date(`2026-12-24T${time}:00Z`); // Thursday; GMT = UTC
const summer = (time: string) => new Date(`2026-07-10T${time}:00+01:00`); // Friday; BST
const morning = { at: winter('09:30'), closed };

describe('checking an item’s choice of options and turnaround', () => {
  it('accepts a valid choice: the options in group order, the turnaround, the item’s days', () => {
    const checked = checkItemChoice(cards, { option_ids: [202, 102], turnaround_id: 13 }, morning);
    expect(checked).toMatchObject({ ok: true, turnaround: { id: 13 }, production_days: 2 });
    expect(checked.ok && checked.options.map((o) => [o.group_name, o.name])).toEqual([
      ['Lamination', 'Matt'],
      ['Corners', 'Rounded'],
    ]);
  });

  it('takes the product’s default turnaround when none is named', () => {
    expect(checkItemChoice(cards, { option_ids: [101] }, morning)).toMatchObject({ ok: true, turnaround: { name: 'Standard' }, production_days: 2 });
    expect(checkItemChoice(cards, { option_ids: [101], turnaround_id: null }, morning)).toMatchObject({ ok: true, turnaround: { name: 'Standard' } });
  });

  it.each([
    ['an option of another product', { option_ids: [101, 901] }, 'option_ids', 'An option chosen is not offered for Business cards.'],
    ['an id that is no option at all', { option_ids: [101, 999_999] }, 'option_ids', 'An option chosen is not offered for Business cards.'],
    ['two options of one group', { option_ids: [102, 103] }, 'option_ids', 'Choose one Lamination only, not Matt and Gloss.'],
    ['the same option twice', { option_ids: [102, 102] }, 'option_ids', 'Each option can be chosen only once.'],
    ['a required group left out', { option_ids: [202] }, 'option_ids', 'Choose an option for Lamination.'],
    ['no options at all', {}, 'option_ids', 'Choose an option for Lamination.'],
    ['an option no longer offered', { option_ids: [104] }, 'option_ids', 'Lamination: Soft-touch is no longer offered; choose another.'],
    ['a turnaround of another product', { option_ids: [101], turnaround_id: 91 }, 'turnaround_id', 'That turnaround is not offered for Business cards.'],
    ['a turnaround no longer offered', { option_ids: [101], turnaround_id: 15 }, 'turnaround_id', 'Overnight is no longer offered; choose another turnaround.'],
  ])('refuses %s with a message on its field', (_what, choice, field, message) => {
    const checked = checkItemChoice(cards, choice, morning);
    expect(checked).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('tells every problem at once, each on its own field', () => {
    expect(checkItemChoice(cards, { option_ids: [102, 103, 901], turnaround_id: 15 }, morning)).toEqual({
      ok: false,
      errors: {
        option_ids: 'An option chosen is not offered for Business cards. Choose one Lamination only, not Matt and Gloss.',
        turnaround_id: 'Overnight is no longer offered; choose another turnaround.',
      },
    });
  });

  it('does not ask for a required group whose options are all withdrawn (Foiling)', () => {
    expect(checkItemChoice(cards, { option_ids: [101] }, morning).ok).toBe(true);
  });

  it('asks for a turnaround when the product has no default', () => {
    const none = { ...other, turnarounds: [{ ...other.turnarounds[0], is_default: false }] };
    expect(checkItemChoice(none, {}, morning)).toEqual({ ok: false, errors: { turnaround_id: 'Choose a turnaround.' } });
  });

  describe('Same day only before the cut-off (12:00 UK time) on a working day', () => {
    const sameDay = (at: Date, cutoff?: string) => checkItemChoice(cards, { option_ids: [101], turnaround_id: 14 }, { at, closed, cutoff });
    const refused = {
      ok: false,
      errors: { turnaround_id: 'Same day is only for orders confirmed before 12:00 (UK time) on a working day; choose another turnaround.' },
    };

    it('in winter (GMT): offered at 11:59, refused at 12:01', () => {
      expect(sameDay(winter('11:59'))).toMatchObject({ ok: true, production_days: 0 });
      expect(sameDay(winter('12:01'))).toEqual(refused);
    });

    it('in summer (BST): offered at 11:59, refused at 12:01 UK time (11:01 UTC)', () => {
      expect(sameDay(summer('11:59'))).toMatchObject({ ok: true });
      expect(sameDay(summer('12:01'))).toEqual(refused);
    });

    it('refused all day on a weekend or a bank holiday, and by the cut-off set', () => {
      expect(sameDay(new Date('2026-12-26T09:00:00Z')).ok).toBe(false); // Saturday
      expect(sameDay(new Date('2026-12-25T09:00:00Z')).ok).toBe(false); // Christmas Day
      expect(sameDay(new Date('2026-12-24T13:59:00Z'), '14:00').ok).toBe(true);
      expect(checkItemChoice(cards, { option_ids: [101], turnaround_id: 14 }, { at: winter('14:01'), closed, cutoff: '14:00' })).toEqual({
        ok: false,
        errors: { turnaround_id: 'Same day is only for orders confirmed before 14:00 (UK time) on a working day; choose another turnaround.' },
      });
    });

    it('is left out of the turnarounds offered after the cut-off; inactive ones never are offered', () => {
      expect(offeredTurnarounds(cards, { at: winter('11:59'), closed }).map((t) => t.name)).toEqual(['Saver', 'Standard', 'Express', 'Same day']);
      expect(offeredTurnarounds(cards, { at: winter('12:01'), closed }).map((t) => t.name)).toEqual(['Saver', 'Standard', 'Express']);
    });
  });
});

describe('dispatch dates per turnaround and options, in working days', () => {
  const dispatch = (at: Date, name: string, optionDays: number[] = []) =>
    choiceDispatchPromise(at, {
      turnaround: turnarounds.find((t) => t.name === name)!,
      options: optionDays.map((production_days) => ({ production_days })),
      closed,
    }).dispatch;

  it('confirmed Thu 24 Dec 2026 at 11:59: production starts that day, Christmas and the weekend skipped', () => {
    const at = winter('11:59');
    expect(dispatch(at, 'Same day')).toBe('2026-12-24');
    expect(dispatch(at, 'Express')).toBe('2026-12-29'); // Fri 25, Sat, Sun, Mon 28 closed
    expect(dispatch(at, 'Standard')).toBe('2026-12-30');
    expect(dispatch(at, 'Saver')).toBe('2027-01-05'); // 29, 30, 31, (Fri 1 Jan closed), Mon 4, Tue 5
  });

  it('confirmed at 12:01: production starts on the next working day, Tue 29 Dec', () => {
    const at = winter('12:01');
    expect(dispatch(at, 'Express')).toBe('2026-12-30');
    expect(dispatch(at, 'Standard')).toBe('2026-12-31');
    expect(dispatch(at, 'Saver')).toBe('2027-01-06');
  });

  it('options add the longest of their extra days to the turnaround’s', () => {
    const at = winter('11:59');
    expect(itemProductionDays({ production_days: 2 }, [{ production_days: 1 }, { production_days: 0 }])).toBe(3);
    expect(dispatch(at, 'Standard', [1, 0])).toBe('2026-12-31');
    expect(dispatch(at, 'Standard', [1, 2])).toBe('2027-01-04'); // 2 + 2 working days from Thu 24: 29, 30, 31, Mon 4 Jan
    expect(dispatch(at, 'Same day', [1])).toBe('2026-12-29');
  });

  it('over a summer weekend (BST): Friday 10 July 2026', () => {
    expect(dispatch(summer('11:59'), 'Express')).toBe('2026-07-13');
    expect(dispatch(summer('12:01'), 'Express')).toBe('2026-07-14'); // starts Mon 13
    expect(choiceDispatchPromise(summer('11:59'), { turnaround: { production_days: 1 }, transitDays: 1, closed })).toMatchObject({
      start: '2026-07-10',
      dispatch: '2026-07-13',
      delivery: '2026-07-14',
      beforeCutoffToday: true,
    });
  });
});
