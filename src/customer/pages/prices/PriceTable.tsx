import { memo } from 'react';
import type { PriceListStock } from '../../../shared/api/prices';
import { formatPence, formatUnitPrice, groupThousands } from '../../../shared/domain/pricing/format';
import { paperLabel, priceShown } from './money';

/*
 * Plain table markup styled by prices.css (the look of MUI's small outlined table): a paper of
 * twelve breaks is 36 cells, "All papers" hundreds, and MUI's TableCell and Typography computed
 * their styles cell by cell at every render, most of the main thread's work on this page.
 */

/** A price with the price of one item beside it (on the line below, in the same cell), both with or without VAT. */
function PriceCell({ pence, qty, vatRate }: { pence: number; qty: number; vatRate: string | null }) {
  const shown = priceShown(pence, vatRate);
  return (
    <td className="pj-price-cell">
      <span data-testid="price">{formatPence(shown)}</span>{' '}
      <span className="pj-price-each" data-testid="per-item">
        {formatUnitPrice(shown, qty)} each
      </span>
    </td>
  );
}

/**
 * One paper's quantity breaks: quantity, single-sided and double-sided price, each with its price per
 * item. Three columns fit 375 px. `vatRate` (percent text) adds VAT; null shows prices without it.
 */
export const PriceTable = memo(function PriceTable({ productId, stock, vatRate }: { productId: number; stock: PriceListStock; vatRate: string | null }) {
  const captionId = `prices-${productId}-${stock.id}`;
  return (
    // A table wider than its box scrolls inside it; the box takes keyboard focus so that it can be scrolled without a mouse.
    <div className="pj-price-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <h3 id={captionId} className="pj-price-table-caption">
        {paperLabel(stock)}
      </h3>
      <table aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col" className="pj-price-num">
              Single-sided
            </th>
            <th scope="col" className="pj-price-num">
              Double-sided
            </th>
          </tr>
        </thead>
        <tbody>
          {stock.breaks.map((b) => (
            <tr key={b.qty}>
              <th scope="row">{groupThousands(b.qty)}</th>
              <PriceCell pence={b.single} qty={b.qty} vatRate={vatRate} />
              <PriceCell pence={b.double} qty={b.qty} vatRate={vatRate} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
