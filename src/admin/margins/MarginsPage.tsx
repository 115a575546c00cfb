import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Loading, Title, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { MarginPair, MarginRecord } from '../../shared/api';
import { formatUnitCostText } from '../../shared/pricing/format';
import { staffUrl } from '../areas/staffAreas';
import { fieldErrorsOf, getMarginPair, messageOf, saveMarginPair } from '../catalogue/catalogueApi';
import { MarginTable } from './MarginTable';
import { byQuantity, newRow, rowProblems, type MarginRow } from './marginRows';

const toRows = (margins: MarginRecord[]) => byQuantity(margins.map((m) => newRow(String(m.qty), String(m.margin))));

function PairSummary({ pair }: { pair: MarginPair }) {
  const { product, stock } = pair;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ color: 'text.secondary', mb: 2 }}>
      <span>{product.multiplier} per sheet</span>
      <span>Sheet {formatUnitCostText(stock.sheet_cost)}</span>
      <span>Single-sided print {formatUnitCostText(stock.single_cost)}</span>
      <span>Double-sided print {formatUnitCostText(stock.double_cost)}</span>
    </Stack>
  );
}

function MarginsEditor({ pair, productId, stockId }: { pair: MarginPair; productId: number; stockId: number }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<MarginRow[]>(() => toRows(pair.margins));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(toRows(pair.margins)), [pair]);

  const change = (key: string, field: 'qty' | 'margin', value: string) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setServerErrors({});
  };
  const invalid = rows.some((r) => {
    const p = rowProblems(r, rows);
    return p.qty || p.margin;
  });

  const save = async () => {
    setSaving(true);
    setFormError(null);
    try {
      const saved = await saveMarginPair(
        productId,
        stockId,
        rows.map((r) => ({ qty: r.qty.trim(), margin: r.margin.trim() })),
      );
      setRows(toRows(saved));
      setServerErrors({});
      await queryClient.invalidateQueries({ queryKey: ['margins'] });
      await queryClient.invalidateQueries({ queryKey: ['marginPair', productId, stockId] });
      notify(`Saved ${saved.length} quantity break${saved.length === 1 ? '' : 's'}.`, { type: 'success' });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      setServerErrors(errors);
      setFormError(Object.keys(errors).some((k) => k.startsWith('rows.')) ? 'Some rows need correcting: see the messages beside them.' : messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      {rows.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No quantity breaks yet: customers cannot order this product on this stock until it has at least one.
        </Alert>
      )}
      <MarginTable
        rows={rows}
        stock={pair.stock}
        multiplier={pair.product.multiplier}
        serverErrors={serverErrors}
        onChange={change}
        onRemove={(key) => setRows((list) => list.filter((r) => r.key !== key))}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button startIcon={<AddIcon />} onClick={() => setRows((list) => [...list, newRow()])}>
          Add a break
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || invalid}>
          {saving ? 'Saving…' : 'Save margins'}
        </Button>
        <Button onClick={() => setRows(toRows(pair.margins))} disabled={saving}>
          Undo changes
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Prices are before any customer discount, worked out by the same price engine as the customers' price list and orders.
      </Typography>
    </>
  );
}

/** /admin/products/{productid}/stock/{stockid}/margins: the pair's quantity breaks, with a live price preview. */
export function MarginsPage() {
  const params = useParams();
  const productId = Number(params.productid);
  const stockId = Number(params.stockid);
  const { data: pair, error, isPending } = useQuery({
    queryKey: ['marginPair', productId, stockId],
    queryFn: () => getMarginPair(productId, stockId),
    enabled: productId > 0 && stockId > 0,
  });
  const back = staffUrl(`products/${productId}/stock`);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={pair ? `Margins: ${pair.product.name} on ${pair.stock.name}` : 'Margins'} />
      <Link component={RouterLink} to={back}>
        ← Back to the product's stocks
      </Link>
      <Card sx={{ mt: 1 }}>
        <CardContent>
          {isPending ? (
            <Loading />
          ) : error || !pair ? (
            <Alert severity="error">{messageOf(error)}</Alert>
          ) : (
            <>
              <Typography variant="h2" component="h1" gutterBottom>
                {pair.product.name} on {pair.stock.name}
              </Typography>
              <PairSummary pair={pair} />
              <MarginsEditor pair={pair} productId={productId} stockId={stockId} />
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
