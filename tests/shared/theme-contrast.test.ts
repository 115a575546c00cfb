import { describe, expect, it } from 'vitest';
import { theme } from '../../src/shared/ui/theme';

/** WCAG 2 contrast ratio of two #rrggbb (or #rgb) colours. */
function contrast(a: string, b: string): number {
  const luminance = (short: string) => {
    const hex = short.length === 4 ? `#${[...short.slice(1)].map((c) => c + c).join('')}` : short;
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme colours pass WCAG AA with their text (axe: color-contrast)', () => {
  for (const name of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
    it(`${name}: contrast text on the main colour ≥ 4.5:1 (filled chips and buttons)`, () => {
      const colour = theme.palette[name];
      expect(contrast(colour.main, colour.contrastText)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
