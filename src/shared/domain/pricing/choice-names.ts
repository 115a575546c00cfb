/**
 * An item's finishes and turnaround in words, the one way every document names them: the job
 * sheet, `jobs.csv`, the staff batch page, the invoice and the orders spreadsheet (and any e-mail
 * that wants them). A confirmed item names them as they were frozen at confirmation; an item
 * confirmed before options existed has none, and is named by nothing at all.
 */

/** A chosen option by name, with the name of its group. */
export interface NamedOption {
  group: string;
  name: string;
}

/** An item's options and turnaround by name; `null` for an item confirmed before they were recorded. */
export interface NamedChoices {
  options: readonly NamedOption[];
  turnaround: { name: string } | null;
}

/** Between the options in one line of text: "Lamination: Matt; Corners: Rounded". */
export const OPTION_SEPARATOR = '; ';
/** Between the finishes and the turnaround in one line of text. */
export const CHOICES_SEPARATOR = ' · ';

/** "Lamination: Matt". */
export const optionText = (option: NamedOption): string => `${option.group}: ${option.name}`;

/** "Lamination: Matt; Corners: Rounded" (the product's group order, as frozen); empty when none were chosen. */
export function optionsText(options: readonly NamedOption[] | null | undefined): string {
  return (options ?? []).map(optionText).join(OPTION_SEPARATOR);
}

/** "Turnaround: Express"; empty when the item has none recorded. */
export function turnaroundText(turnaround: { name: string } | null | undefined): string {
  return turnaround ? `Turnaround: ${turnaround.name}` : '';
}

/**
 * "Lamination: Matt; Corners: Rounded · Turnaround: Express"; only the part there is when the item
 * has no finishes, and empty for an item confirmed before finishes and turnarounds existed.
 */
export function choicesText(choices: NamedChoices | null | undefined): string {
  if (!choices) return '';
  return [optionsText(choices.options), turnaroundText(choices.turnaround)].filter(Boolean).join(CHOICES_SEPARATOR);
}
