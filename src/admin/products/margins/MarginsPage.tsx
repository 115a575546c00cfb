import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Loading, Title, useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { MarginPair, MarginRowsInput } from '../../../shared/api';
import { formatUnitCostText } from '../../../shared/domain/pricing/format';
import { staffUrl } from '../../staffAreas';
import { StaffTitle } from '../../common/StaffTitle';
import { useLeaveGuard } from '../../common/useLeaveGuard';
import type { StaffDataProvider } from '../../dataProvider';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';
import { MarginTable } from './MarginTable';
import { checkRows, newRow, rowsKey, rowsOf, type MarginRow } from './marginRows';

const marginPairKey = (productId: number, stockId: number) => ['marginPair', productId, stockId] as const;

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
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<MarginRow[]>(() => rowsOf(pair.margins));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** After a Save with problems, every field with one says so (also the empty ones). */
  const [showAll, setShowAll] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [savedKey, setSavedKey] = useState(() => rowsKey(rowsOf(pair.margins)));
  /** A save refused because someone else changed the breaks since the page read them (409): its message. */
  const [stale, setStale] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const [reloading, setReloading] = useState(false);
  // While reloading after such a refusal, the breaks as typed stay in the table; only what they are compared with changes.
  const keepTyped = useRef(false);
  useEffect(() => {
    if (!keepTyped.current) setRows(rowsOf(pair.margins));
    keepTyped.current = false;
    setSavedKey(rowsKey(rowsOf(pair.margins)));
  }, [pair]);
  // Leaving with unsaved breaks asks first, as every staff form does.
  const dirty = rowsKey(rows) !== savedKey;
  useLeaveGuard(dirty);

  const change = (key: string, field: 'qty' | 'margin', value: string) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setServerErrors({});
  };
  const invalid = checkRows(rows).some((problems) => problems.qty || problems.margin);
  const addBreak = () => {
    const row = newRow();
    setFocusKey(row.key);
    setRows((list) => [...list, row]);
  };
  /** Save is never silently greyed: with problems it shows every one beside its field and says so above. */
  const trySave = () => {
    if (invalid) {
      setShowAll(true);
      setFormError('Some breaks need correcting: see the messages beside them.');
      return;
    }
    save(rows.map((r) => ({ qty: r.qty.trim(), margin: r.margin.trim() })));
  };

  const { mutate: save, isPending: saving } = useMutation({
    mutationFn: (breaks: MarginRowsInput['rows']) => dataProvider.saveMarginPair(productId, stockId, breaks, pair.version),
    onMutate: () => {
      setFormError(null);
      setStale(null);
      setReloaded(false);
      keepTyped.current = false;
    },
    onSuccess: async (saved) => {
      setRows(rowsOf(saved));
      setSavedKey(rowsKey(rowsOf(saved)));
      setShowAll(false);
      setServerErrors({});
      await queryClient.invalidateQueries({ queryKey: ['margins'] });
      await queryClient.invalidateQueries({ queryKey: marginPairKey(productId, stockId) });
      notify(`Saved ${saved.length} quantity break${saved.length === 1 ? '' : 's'}.`, { type: 'success' });
    },
    onError: (error) => {
      const errors = fieldErrorsOf(error);
      if (errors.version) {
        setStale(errors.version);
        return;
      }
      setServerErrors(errors);
      setFormError(Object.keys(errors).some((k) => k.startsWith('rows.')) ? 'Some rows need correcting: see the messages beside them.' : messageOf(error));
    },
  });

  /** Reads the pair afresh (its version with it); the table keeps the breaks as typed. */
  const reload = async () => {
    keepTyped.current = true;
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: marginPairKey(productId, stockId) });
      setStale(null);
      setReloaded(true);
    } finally {
      setReloading(false);
    }
  };

  return (
    <>
      {stale && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          <AlertTitle>Not saved: changed by someone else</AlertTitle>
          {stale}
          <div>
            <Button variant="outlined" color="inherit" size="small" onClick={reload} disabled={reloading} sx={{ mt: 1 }}>
              {reloading ? 'Reloading…' : 'Reload'}
            </Button>
          </div>
        </Alert>
      )}
      {reloaded && (
        <Alert severity="info" sx={{ mb: 2 }} role="status" onClose={() => setReloaded(false)}>
          Reloaded. The table still holds the breaks as you typed them: Save to replace the saved ones, or Undo changes to see them.
        </Alert>
      )}
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
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
        showAll={showAll}
        focusKey={focusKey}
        onChange={change}
        onRemove={(key) => setRows((list) => list.filter((r) => r.key !== key))}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button startIcon={<AddIcon />} onClick={addBreak}>
          Add a break
        </Button>
        <Button variant="contained" onClick={trySave} disabled={saving}>
          {saving ? 'Saving…' : 'Save margins'}
        </Button>
        <Button
          onClick={() => {
            setRows(rowsOf(pair.margins));
            setShowAll(false);
            setFormError(null);
          }}
          disabled={saving || !dirty}
        >
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
  const dataProvider = useDataProvider<StaffDataProvider>();
  const {
    data: pair,
    error,
    isPending,
  } = useQuery({
    queryKey: marginPairKey(productId, stockId),
    queryFn: () => dataProvider.getMarginPair(productId, stockId),
    enabled: productId > 0 && stockId > 0,
  });
  const back = staffUrl(`products/${productId}/stock`);
  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Title
        title={
          <StaffTitle
            page="Products"
            record={pair ? `${pair.product.name} › Margins on ${pair.stock.name}` : 'Margins'}
            shown={pair ? `Margins: ${pair.product.name} on ${pair.stock.name}` : 'Margins'}
          />
        }
      />
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
              <Typography variant="h2" gutterBottom>
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
