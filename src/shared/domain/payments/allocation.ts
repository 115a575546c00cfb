/*
 * How a payment received without instructions pays a customer's invoices (DESIGN §2 "Payment terms,
 * payments and credit control"): the oldest due first, each as far as the money goes; what is left
 * after the last owing invoice stays unallocated, as the customer's credit.
 */

export interface OwingInvoice {
  id: number;
  /** Pence still to pay, more than zero. */
  balance: number;
}

/** The allocations of `amount` pence to `owing` (already oldest due first), and the pence left over. */
export function allocateOldestFirst(amount: number, owing: readonly OwingInvoice[]): { allocations: { invoice_id: number; amount: number }[]; left: number } {
  const allocations: { invoice_id: number; amount: number }[] = [];
  let left = amount;
  for (const invoice of owing) {
    if (left <= 0) break;
    const part = Math.min(left, invoice.balance);
    if (part <= 0) continue;
    allocations.push({ invoice_id: invoice.id, amount: part });
    left -= part;
  }
  return { allocations, left };
}
