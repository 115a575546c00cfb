import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND, theme } from '../../src/shared/ui/theme';

/**
 * The MUI-free pages (src/customer/mui-free/muiFree.css) must look like the MUI ones: the colours, font,
 * radius and focus ring in their CSS are the theme's. A change to theme.ts fails here until the CSS
 * follows.
 */
const css = readFileSync(path.resolve(__dirname, '../../src/customer/mui-free/muiFree.css'), 'utf8');

function customProperty(name: string): string {
  const match = new RegExp(`--${name}:\\s*([^;]+);`).exec(css);
  if (!match) throw new Error(`muiFree.css defines no --${name}`);
  return match[1].trim();
}

describe('muiFree.css follows the MUI theme', () => {
  it.each([
    ['pj-primary', theme.palette.primary.main],
    ['pj-primary-dark', theme.palette.primary.dark],
    ['pj-secondary', theme.palette.secondary.main],
    ['pj-background', theme.palette.background.default],
    ['pj-paper', theme.palette.background.paper],
    ['pj-text', theme.palette.text.primary],
    ['pj-text-secondary', theme.palette.text.secondary],
    ['pj-error', theme.palette.error.main],
    ['pj-success', theme.palette.success.main],
    ['pj-divider', theme.palette.divider],
    ['pj-disabled', theme.palette.text.disabled],
    ['pj-disabled-strong', theme.palette.action.disabled],
    ['pj-focus-ring', BRAND.accentLight],
  ])('--%s is %s', (name, value) => {
    expect(customProperty(name).replace(/\s/g, '').toLowerCase()).toBe(String(value).replace(/\s/g, '').toLowerCase());
  });

  it('has the theme font and corner radius', () => {
    // CSS reads 'Segoe UI' and "Segoe UI" alike (and Prettier writes CSS strings in single quotes).
    const font = (family: string) => family.replace(/\s/g, '').replace(/'/g, '"');
    expect(font(customProperty('pj-font'))).toBe(font(String(theme.typography.fontFamily)));
    expect(customProperty('pj-radius')).toBe(`${theme.shape.borderRadius}px`);
  });

  it('has the theme heading sizes', () => {
    const rule = (selector: string) => new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(rule('.pj-h1')).toContain(`font-size: ${theme.typography.h1.fontSize}`);
    expect(rule('.pj-h1')).toContain(`font-weight: ${theme.typography.h1.fontWeight}`);
    expect(rule('.pj-h3')).toContain(`font-size: ${theme.typography.h3.fontSize}`);
  });
});
