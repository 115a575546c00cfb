import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import type { PriceListProduct } from '../../../shared/api';
import { LoadingIndicator } from '../../../shared/ui';
import { PageFrame } from '../../components/PageFrame';
import { ALL, PriceFilters } from './PriceFilters';
import { PriceTable } from './PriceTable';
import { usePriceList } from './usePriceList';

const INTRO = 'Your trade prices for every product, paper and quantity. Prices exclude VAT and delivery.';

/** /prices?product=&stock=: the customer's price list, filtered by product and paper (or all). */
export default function PricesPage() {
  const { state, reload } = usePriceList();
  const [search, setSearch] = useSearchParams();
  const product = search.get('product') ?? ALL;
  const stock = search.get('stock') ?? ALL;

  if (state.status === 'loading') {
    return (
      <PageFrame intro={INTRO}>
        <LoadingIndicator />
      </PageFrame>
    );
  }
  if (state.status === 'failed') {
    return (
      <PageFrame intro={INTRO}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Try again
            </Button>
          }
        >
          Your prices could not be loaded just now.
        </Alert>
      </PageFrame>
    );
  }

  const products = state.list.products;
  if (!products.length) {
    return (
      <PageFrame intro={INTRO}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h2" gutterBottom>
            No prices to show yet
          </Typography>
          <Typography color="text.secondary">There are no products on your price list at the moment. Please contact us for a quote.</Typography>
        </Paper>
      </PageFrame>
    );
  }

  const setFilters = (next: { product: string; stock: string }) => {
    const params = new URLSearchParams(search);
    for (const key of ['product', 'stock'] as const) {
      if (next[key] === ALL) params.delete(key);
      else params.set(key, next[key]);
    }
    setSearch(params, { replace: true });
  };
  const shown = products
    .filter((p) => product === ALL || String(p.id) === product)
    .map((p) => ({ ...p, stocks: p.stocks.filter((s) => stock === ALL || String(s.id) === stock) }))
    .filter((p) => p.stocks.length > 0);

  return (
    <PageFrame intro={INTRO}>
      <PriceFilters products={products} product={product} stock={stock} onChange={setFilters} />
      {shown.length === 0 ? (
        <Alert severity="info">Nothing matches that choice. Choose another paper or show all products.</Alert>
      ) : (
        shown.map((p) => <ProductPrices key={p.id} product={p} />)
      )}
    </PageFrame>
  );
}

function ProductPrices({ product }: { product: PriceListProduct }) {
  return (
    <Box component="section" aria-labelledby={`product-${product.id}`} sx={{ mb: 4 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`product-${product.id}`} component="h2" variant="h3">
          {product.name}
        </Typography>
        {product.discount > 0 && <Chip size="small" color="success" label={`Includes your ${product.discount}% discount`} />}
      </Stack>
      {product.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {product.description}
        </Typography>
      )}
      {/* One column on phones; papers side by side on wider screens, each table narrow enough to read across. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(340px, 1fr))' }, alignItems: 'start' }}>
        {product.stocks.map((s) => (
          <PriceTable key={s.id} productName={product.name} stock={s} />
        ))}
      </Box>
    </Box>
  );
}
