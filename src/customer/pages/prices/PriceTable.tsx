import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerTurnaround, PriceListProduct, PriceListStock } from '../../../shared/api/prices';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import type { Sides } from '../../../shared/domain/pricing/engine';
import { formatPence, formatUnitPrice, groupThousands } from '../../../shared/domain/pricing/format';
import { gridColumns, optionNotes, paperLabel, priceShown, type GridColumn } from './money';

/*
 * Plain table markup styled by prices.css (the look of MUI's small outlined table): a paper of
 * twelve breaks at four turnarounds is ~100 cells, "All papers" hundreds, and MUI's TableCell and
 * Typography computed their styles cell by cell at every render, most of the main thread's work on
 * this page.
 */

/** Where a price leads: the items step with that item filled in. */
export type OrderHref = (item: { product: number; stock: number; qty: number; sides: Sides; turnaround: number }) => string;

const SIDES_LABEL: Record<Sides, string> = { single: 'single-sided', double: 'double-sided' };

/** A price with the price of one item beside it (on the line below, in the same cell), both with or without VAT; a link to order it when it may be ordered now. */
function PriceCell({ pence, qty, vatRate, href, label }: { pence: number; qty: number; vatRate: string | null; href: string | null; label: string }) {
  const shown = priceShown(pence, vatRate);
  const text = formatPence(shown);
  const each = `${formatUnitPrice(shown, qty)} each`;
  return (
    <td className="pj-price-cell">
      {href ? (
        <Link to={href} className="pj-price-link" aria-label={`${text}, ${each}: order ${label}`}>
          <span data-testid="price">{text}</span>{' '}
          <span className="pj-price-each" data-testid="per-item">
            {each}
          </span>
        </Link>
      ) : (
        <>
          <span data-testid="price">{text}</span>{' '}
          <span className="pj-price-each" data-testid="per-item">
            {each}
          </span>
        </>
      )}
    </td>
  );
}

/** "+35%", "−10%", or nothing for no change. */
const percentText = (percent: number) => (percent > 0 ? `+${percent}%` : percent < 0 ? `−${-percent}%` : '');

/** A turnaround's column heading: its name, its price change, and the dispatch date it gives now (or why it cannot be chosen now). */
function TurnaroundHeading({ turnaround, cutoff }: { turnaround: CustomerTurnaround | null; cutoff: string }) {
  if (!turnaround) return <>Prices</>;
  const change = percentText(turnaround.price_percent);
  return (
    <>
      {turnaround.name}
      {change && ` ${change}`}
      <span className="pj-price-each">{turnaround.offered ? `Dispatch ${formatDay(turnaround.dispatch_date)}` : `Order by ${cutoff} on a working day`}</span>
    </>
  );
}

/**
 * One paper's grid: a row per quantity break, and per turnaround (slowest first) its single-sided
 * and double-sided price, each with its price per item and a link that orders it. With one
 * turnaround it is the plain table of quantity, single-sided and double-sided, which fits 375 px;
 * wider grids scroll inside their own labelled box. `vatRate` (percent text) adds VAT; null shows
 * prices without it. What each finish adds is written below the grid.
 */
export const PriceTable = memo(function PriceTable({
  product,
  stock,
  vatRate,
  cutoff,
  orderHref,
}: {
  product: PriceListProduct;
  stock: PriceListStock;
  vatRate: string | null;
  cutoff: string;
  orderHref: OrderHref;
}) {
  const captionId = `prices-${product.id}-${stock.id}`;
  const columns = gridColumns(product, stock);
  const grouped = columns.length > 1;
  const notes = optionNotes(product, stock, vatRate);
  const cellHref = (column: GridColumn, qty: number, sides: Sides) =>
    column.turnaround && !column.turnaround.offered
      ? null
      : orderHref({ product: product.id, stock: stock.id, qty, sides, turnaround: column.turnaround?.id ?? 0 });
  const label = (column: GridColumn, qty: number, sides: Sides) =>
    `${groupThousands(qty)} ${SIDES_LABEL[sides]}${column.turnaround ? `, ${column.turnaround.name}` : ''}`;
  return (
    <div className="pj-price-paper">
      <h3 id={captionId} className="pj-price-table-caption">
        {paperLabel(stock)}
      </h3>
      {/* A grid wider than its box scrolls inside it; the box takes keyboard focus so that it can be scrolled without a mouse. */}
      {grouped && (
        <p className="pj-price-scroll-hint" aria-hidden="true">
          Scroll the grid sideways for every turnaround.
        </p>
      )}
      <div className={grouped ? 'pj-price-table pj-price-grid' : 'pj-price-table'} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-labelledby={captionId}>
          <thead>
            {grouped && (
              <tr>
                <td className="pj-price-corner" />
                {columns.map((c) => (
                  <th key={c.turnaround?.id ?? 0} scope="colgroup" colSpan={2} className="pj-price-group">
                    <TurnaroundHeading turnaround={c.turnaround} cutoff={cutoff} />
                  </th>
                ))}
              </tr>
            )}
            <tr>
              <th scope="col">Quantity</th>
              {columns.map((c) => [
                <th key={`${c.turnaround?.id ?? 0}-single`} scope="col" className="pj-price-num">
                  {grouped ? 'Single' : 'Single-sided'}
                </th>,
                <th key={`${c.turnaround?.id ?? 0}-double`} scope="col" className="pj-price-num">
                  {grouped ? 'Double' : 'Double-sided'}
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {stock.breaks.map((b, i) => (
              <tr key={b.qty}>
                <th scope="row">{groupThousands(b.qty)}</th>
                {columns.map((c) =>
                  (['single', 'double'] as const).map((sides) => (
                    <PriceCell
                      key={`${c.turnaround?.id ?? 0}-${sides}`}
                      pence={c[sides][i]}
                      qty={b.qty}
                      vatRate={vatRate}
                      href={cellHref(c, b.qty, sides)}
                      label={label(c, b.qty, sides)}
                    />
                  )),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.length > 0 && (
        <div className="pj-price-options">
          <p className="pj-price-options-lead">Finishes are not included in the prices above. Each adds, at single-sided {notes[0].at} prices:</p>
          <ul>
            {notes.map((n) => (
              <li key={n.id}>
                <strong>{n.name}</strong> {n.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
});
