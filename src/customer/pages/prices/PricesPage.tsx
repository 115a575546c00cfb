import { memo, useEffect, useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import type { PriceListProduct } from '../../../shared/api/prices';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { useNewestBasket, usePriceList, type NewestBasket } from '../../api/prices';
import { useVatRate } from '../../api/settingHooks';
import { LoadingIndicator } from '../../../shared/ui/LoadingIndicator';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { downloadText, priceListCsv } from './money';
import { ALL, PriceFilters, type PriceFilterValues } from './PriceFilters';
import { PriceTable, type OrderHref } from './PriceTable';
import { TemplateLinks } from '../../components/TemplateLinks';
import './prices.css';

const intro = (vatRate: string | null) =>
  vatRate === null
    ? 'Your trade prices for each product, paper, quantity and turnaround, with the price of one item beside each. Prices exclude VAT and delivery.'
    : `Your trade prices for each product, paper, quantity and turnaround, with the price of one item beside each. Prices include VAT at ${vatRate}%; delivery is extra.`;

/** The address's filters; the page reads them from it and writes them back to it (one history entry each). */
function readFilters(search: URLSearchParams): PriceFilterValues {
  return { q: search.get('q') ?? '', product: search.get('product') ?? '', stock: search.get('stock') ?? ALL, vat: search.get('vat') === '1' };
}

function filterSearch(values: PriceFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.q.trim()) params.set('q', values.q.trim());
  if (values.product) params.set('product', values.product);
  if (values.stock !== ALL) params.set('stock', values.stock);
  if (values.vat) params.set('vat', '1');
  return params;
}

/** Products whose name or description contains every word of the search (any letter case). */
function matchingProducts(products: PriceListProduct[], q: string): PriceListProduct[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return products;
  return products.filter((p) => {
    const text = `${p.name} ${p.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The address of one product's prices, keeping the search and VAT choice. */
function productHref(values: PriceFilterValues, productId: number): string {
  return `?${filterSearch({ ...values, product: String(productId), stock: ALL }).toString()}`;
}

/**
 * The items step with the item filled in (product, stock, qty, sides, turnaround in its address): in
 * the customer's newest basket, or, with none, the page that starts one (which passes them on).
 */
export function orderHrefFor(basket: NewestBasket | null | undefined): OrderHref {
  return ({ product, stock, qty, sides, turnaround }) => {
    const query = { product, stock, qty, sides, turnaround: turnaround || null };
    return basket ? route('create.items', { id: basket.id }, query) : route('create.index', {}, query);
  };
}

/**
 * /prices?q=&product=&stock=&vat=1: the customer's price list, one product at a time (a catalogue of
 * hundreds of products would otherwise be tens of thousands of table cells). The product is chosen
 * from the list of links beside it (below it on a phone), the product select, or the search.
 */
export default function PricesPage() {
  const prices = usePriceList();
  const vat = useVatRate();
  const basket = useNewestBasket();
  const orderHref = useMemo(() => orderHrefFor(basket.data), [basket.data]);
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const values = readFilters(search);
  const vatRate = values.vat ? vat.rate : null;

  // One history entry per filter change; a search typed in several bursts replaces its own entry.
  const typingEntry = useRef<{ pending: boolean; key: string | null }>({ pending: false, key: null });
  useEffect(() => {
    if (typingEntry.current.pending) typingEntry.current = { pending: false, key: location.key };
  }, [location.key]);
  const setFilters = (next: PriceFilterValues, typing = false) => {
    const replace = typing && typingEntry.current.key === location.key;
    typingEntry.current = { pending: typing, key: typing ? typingEntry.current.key : null };
    setSearch(filterSearch(next), { replace });
  };

  const products = prices.data?.products;
  const matching = useMemo(() => matchingProducts(products ?? [], values.q), [products, values.q]);

  // "Try again" shows the loading state again until the new answer arrives.
  if (prices.isPending || (prices.isError && prices.isFetching)) {
    return (
      <PageFrame intro={intro(null)}>
        <LoadingIndicator />
      </PageFrame>
    );
  }
  if (prices.isError) {
    return (
      <PageFrame intro={intro(null)}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void prices.refetch()}>
              Try again
            </Button>
          }
        >
          Your prices could not be loaded just now.
        </Alert>
      </PageFrame>
    );
  }

  if (!products?.length) {
    return (
      <PageFrame intro={intro(null)}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h2" gutterBottom>
            No prices to show yet
          </Typography>
          <Typography color="text.secondary">There are no products on your price list at the moment. Please contact us for a quote.</Typography>
        </Paper>
      </PageFrame>
    );
  }

  // The chosen product (even when the search has moved on), else the first the search leaves.
  const shown = products.find((p) => String(p.id) === values.product) ?? matching[0];
  const papers = shown ? shown.stocks.filter((s) => values.stock === ALL || String(s.id) === values.stock) : [];
  const today = new Date().toISOString().slice(0, 10);
  const actions = (
    <>
      <Button variant="outlined" onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="contained" onClick={() => downloadText(priceListCsv(products, vat.rate), `prices-${today}.csv`)}>
        Download CSV
      </Button>
    </>
  );

  return (
    <PageFrame
      intro={intro(vatRate)}
      actions={
        <Box className="pj-noprint" sx={{ display: 'flex', gap: 1, whiteSpace: 'nowrap' }}>
          {actions}
        </Box>
      }
    >
      <PriceFilters matching={matching} shown={shown} values={values} vatRate={vat.rate} onChange={setFilters} />
      <Box
        className="pj-price-layout"
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }, alignItems: 'start' }}
      >
        <ProductIndex products={matching} shownId={shown?.id} q={values.q} vat={values.vat} />
        <Box sx={{ minWidth: 0 }}>
          {!shown ? (
            <Alert severity="info">No product matches “{values.q}”. Try another word, or clear the search.</Alert>
          ) : papers.length === 0 ? (
            <Alert severity="info">That paper is not offered for {shown.name}. Choose another paper.</Alert>
          ) : (
            <ProductPrices product={shown} papers={papers} vatRate={vatRate} cutoff={prices.data.cutoff} basket={basket.data} orderHref={orderHref} />
          )}
        </Box>
      </Box>
    </PageFrame>
  );
}

/**
 * Links to every product the search leaves: beside the prices on wide screens, after them on a phone.
 * Plain links styled by prices.css (hundreds of them cost little); re-rendered only when the list,
 * the product shown or the search and VAT choice the links keep change.
 */
const ProductIndex = memo(function ProductIndex({
  products,
  shownId,
  q,
  vat,
}: {
  products: PriceListProduct[];
  shownId: number | undefined;
  q: string;
  vat: boolean;
}) {
  const values: PriceFilterValues = { q, product: '', stock: ALL, vat };
  return (
    <nav aria-label="Products" id="price-products" className="pj-noprint pj-price-index">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Products ({products.length})
      </Typography>
      <ul className="pj-price-index-list">
        {products.map((p) => (
          <li key={p.id}>
            <RouterLink to={productHref(values, p.id)} aria-current={p.id === shownId ? 'page' : undefined} className="pj-price-index-link">
              {p.name}
            </RouterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

function ProductPrices({
  product,
  papers,
  vatRate,
  cutoff,
  basket,
  orderHref,
}: {
  product: PriceListProduct;
  papers: PriceListProduct['stocks'];
  vatRate: string | null;
  cutoff: string;
  basket: NewestBasket | null | undefined;
  orderHref: OrderHref;
}) {
  const only = product.turnarounds.length === 1 ? product.turnarounds[0] : null;
  return (
    <Box component="section" aria-labelledby={`product-${product.id}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`product-${product.id}`} component="h2" variant="h3">
          {product.name}
        </Typography>
        {product.discount > 0 && <Chip size="small" color="success" label={`Includes your ${product.discount}% discount`} />}
        {vatRate !== null && <Chip size="small" variant="outlined" label={`inc. VAT at ${vatRate}%`} />}
      </Stack>
      {product.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {product.description}
        </Typography>
      )}
      <Box className="pj-noprint" sx={{ mb: 1 }}>
        <TemplateLinks productId={product.id} productName={product.name} />
        {product.proof_required && (
          <Typography variant="body2" color="text.secondary">
            Always comes with a proof to approve before printing.
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ mb: 2 }} className="pj-noprint">
        {only?.offered &&
          `${only.name}: dispatched ${formatDay(only.dispatch_date)} when you confirm ${only.production_days === 0 ? `by ${cutoff} today` : 'now'}. `}
        {basket ? `Choose a price to add it to your basket “${basket.ref || `Basket ${basket.id}`}”.` : 'Choose a price to start an order with it.'}
      </Typography>
      {/* One column on phones and for grids of several turnarounds; plain tables side by side on wider screens, each narrow enough to read across. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: product.turnarounds.length > 1 ? 'minmax(0, 1fr)' : 'repeat(auto-fill, minmax(380px, 1fr))' },
          alignItems: 'start',
        }}
      >
        {papers.map((s) => (
          <PriceTable key={s.id} product={product} stock={s} vatRate={vatRate} cutoff={cutoff} orderHref={orderHref} />
        ))}
      </Box>
    </Box>
  );
}
