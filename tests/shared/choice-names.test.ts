import { describe, expect, it } from 'vitest';
import { choicesText, optionsText, turnaroundText } from '../../src/shared/domain/pricing';

/** How documents name an item's finishes and turnaround. */
describe('an item’s finishes and turnaround in words', () => {
  const laminatedRounded = {
    options: [
      { group: 'Lamination', name: 'Matt' },
      { group: 'Corners', name: 'Rounded' },
    ],
    turnaround: { name: 'Express' },
  };

  it('names each option with its group, in the order given, and the turnaround after them', () => {
    expect(optionsText(laminatedRounded.options)).toBe('Lamination: Matt; Corners: Rounded');
    expect(turnaroundText(laminatedRounded.turnaround)).toBe('Turnaround: Express');
    expect(choicesText(laminatedRounded)).toBe('Lamination: Matt; Corners: Rounded · Turnaround: Express');
  });

  it('says only the part there is', () => {
    expect(choicesText({ options: [], turnaround: { name: 'Standard' } })).toBe('Turnaround: Standard');
    expect(choicesText({ options: [{ group: 'Corners', name: 'Square' }], turnaround: null })).toBe('Corners: Square');
  });

  it('says nothing for an item confirmed before finishes and turnarounds were recorded', () => {
    for (const none of [null, undefined, { options: [], turnaround: null }]) expect(choicesText(none)).toBe('');
    expect(optionsText(undefined)).toBe('');
    expect(turnaroundText(null)).toBe('');
  });
});
