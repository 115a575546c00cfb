/**
 * What a proof adds to an item's price (DESIGN §2 "Proofs and templates"): the PROOF_PRICE setting,
 * in pounds and pence as staff type every other money field ("0" free, "5", "4.50"), once per item
 * that has a proof. The server prices items with it (orders/assessment.ts, the one place items are
 * priced) and the create page says it beside the checkbox; both read the setting through here.
 */

/** The setting's default: proofs are free. */
export const DEFAULT_PROOF_PRICE = '0.00';
/** The most a proof may cost: £1,000. */
export const PROOF_PRICE_MAX_PENCE = 100_000;
const POUNDS = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** The setting's text in pence, or null when it is no amount from £0 to £1,000 (at most two decimal places). */
export function proofPricePence(setting: string): number | null {
  const match = POUNDS.exec(setting.trim().replace(/^£/, ''));
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence <= PROOF_PRICE_MAX_PENCE ? pence : null;
}

/** What a proof costs by the setting: a value the setting's rule would refuse (never saved by staff) charges nothing rather than stopping every order. */
export const proofPriceOf = (setting: string | null | undefined): number => proofPricePence(setting ?? '') ?? 0;

/**
 * An item's price and the part of it that is its proof: the printing's price, plus the proof's when
 * the item has one. `proofPrice` is today's setting, or the one kept with a quoted price.
 */
export function withProof(printPrice: number, hasProof: boolean, proofPrice: number): { price: number; proof_price: number } {
  const proof = hasProof ? proofPrice : 0;
  return { price: printPrice + proof, proof_price: proof };
}
