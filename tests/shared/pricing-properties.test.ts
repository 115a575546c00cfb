import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled, linePrice, sheetsFor, type PriceInput, type Sides } from '../../src/shared/domain/pricing';

/** Decimal strings as the API carries them, from whole units: ten-thousandths of a pound, hundredths of a percent. */
const unitCost = fc.integer({ min: 0, max: 100_000_000 }).map((v) => formatScaled(BigInt(v), 4));
const percent = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((v) => formatScaled(BigInt(v), 2));
const sides = fc.constantFrom<Sides>('single', 'double');

const line = fc.record({
  stock: fc.record({ sheet_cost: unitCost, single_cost: unitCost, double_cost: unitCost }),
  multiplier: fc.integer({ min: 1, max: 500 }),
  qty: fc.integer({ min: 1, max: 10_000_000 }),
  sides,
  margin: percent(1000),
  discount: percent(100),
});

const num = (s: string | number | undefined) => Number(s ?? 0);

describe('the price engine: properties', () => {
  it('never gives a negative price', () => {
    fc.assert(fc.property(line, (input) => linePrice(input) >= 0));
  });

  it('is within half a penny of the exact price (rounded once, half-up)', () => {
    fc.assert(
      fc.property(line, (input) => {
        const sheets = BigInt(sheetsFor(input.qty, input.multiplier));
        const unit = (s: string) => BigInt(s.replace('.', ''));
        const side = input.sides === 'double' ? input.stock.double_cost : input.stock.single_cost;
        const cost = sheets * (unit(input.stock.sheet_cost) + unit(side)); // ten-thousandths of £
        // exact price in pence = cost/100 × (10000+m)/10000 × (10000−d)/10000
        const n = cost * (10000n + unit(input.margin)) * (10000n - unit(input.discount));
        const d = 100n * 10000n * 10000n;
        const price = BigInt(linePrice(input));
        const twice = 2n * price * d - 2n * n; // 2·(price − exact)·d
        return twice > -d && twice <= d; // −½ < price − exact ≤ ½
      }),
    );
  });

  it('grows (never falls) with the margin', () => {
    fc.assert(
      fc.property(line, percent(1000), (input, other) => {
        const [low, high] = num(input.margin) <= num(other) ? [input.margin, other] : [other, input.margin];
        return linePrice({ ...input, margin: low }) <= linePrice({ ...input, margin: high });
      }),
    );
  });

  it('never rises with a larger discount', () => {
    fc.assert(
      fc.property(line, percent(100), (input, other) => {
        const [small, large] = num(input.discount) <= num(other) ? [input.discount, other] : [other, input.discount];
        return linePrice({ ...input, discount: large }) <= linePrice({ ...input, discount: small });
      }),
    );
  });

  it('never falls with a larger quantity', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 1_000_000 }), (input: PriceInput, extra) => {
        return linePrice(input) <= linePrice({ ...input, qty: input.qty + extra });
      }),
    );
  });

  it('is free at 100 % discount and the rounded cost at 0 % margin and discount', () => {
    fc.assert(
      fc.property(line, (input) => {
        expect(linePrice({ ...input, discount: 100 })).toBe(0);
        const sheets = BigInt(sheetsFor(input.qty, input.multiplier));
        const side = input.sides === 'double' ? input.stock.double_cost : input.stock.single_cost;
        const cost = sheets * (BigInt(input.stock.sheet_cost.replace('.', '')) + BigInt(side.replace('.', '')));
        expect(BigInt(linePrice({ ...input, margin: 0, discount: 0 }))).toBe((cost + 50n) / 100n);
      }),
    );
  });

  it('with no options and a 0 % turnaround is the price without them, and a dearer turnaround or an added option never lowers it', () => {
    const option = fc.record({ sheet_cost: unitCost, setup_cost: fc.integer({ min: 0, max: 10_000_000 }) });
    fc.assert(
      fc.property(line, fc.array(option, { maxLength: 3 }), fc.integer({ min: -50, max: 199 }), (input, options, percent) => {
        expect(linePrice({ ...input, options: [], turnaround_percent: 0 })).toBe(linePrice(input));
        expect(linePrice({ ...input, options, turnaround_percent: percent })).toBeLessThanOrEqual(
          linePrice({ ...input, options, turnaround_percent: percent + 1 }),
        );
        expect(linePrice({ ...input, turnaround_percent: percent })).toBeLessThanOrEqual(linePrice({ ...input, options, turnaround_percent: percent }));
      }),
    );
  });
});
