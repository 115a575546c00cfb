import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify, useRecordContext } from 'react-admin';
import type { ProductRecord, TurnaroundRecord } from '../../../shared/api';
import { formatPence } from '../../../shared/domain/pricing/format';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { messageOf } from '../../dataProvider/errors';
import { PreviewPicker, usePreviewBasis } from './PreviewPicker';
import { daysText, defaultPercent, percentText, previewPrice, type PreviewBasis } from './preview';
import { RecordDialog, type DialogField, type DialogValues } from './RecordDialog';
import { useChoicesRefresh } from './refresh';

const FIELDS: readonly DialogField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, helper: 'As customers see it, e.g. Express' },
  { name: 'production_days', label: 'Production days', kind: 'numeric', required: true, helper: 'Working days to dispatch (0 = same day)' },
  { name: 'price_percent', label: 'Price change (%)', kind: 'numeric', helper: 'Whole percent, e.g. 35 or -10' },
  {
    name: 'is_default',
    label: 'The default',
    kind: 'switch',
    helper: 'What an order gets unless the customer chooses another; its days are the product’s production days.',
  },
  { name: 'active', label: 'On offer', kind: 'switch', helper: 'Withdrawn turnarounds are not offered to customers.' },
];

const valuesOf = (t?: TurnaroundRecord): DialogValues => ({
  name: t?.name ?? '',
  production_days: t ? String(t.production_days) : '',
  price_percent: t ? String(t.price_percent) : '0',
  is_default: t?.is_default ?? false,
  active: t?.active ?? true,
});

/** The values as the API takes them: the server checks each one and answers beside the field. */
const read = (values: DialogValues) => ({
  body: {
    name: values.name,
    production_days: String(values.production_days).trim(),
    price_percent: String(values.price_percent).trim() || '0',
    is_default: values.is_default,
    active: values.active,
  },
});

/** What the typed change does to the preview's price, against the default turnaround's. */
function TurnaroundPreview({ basis, values, base }: { basis: PreviewBasis; values: DialogValues; base: number }) {
  const percent = Number(String(values.price_percent).trim() || '0');
  const price = Number.isInteger(percent) ? previewPrice(basis, [], percent) : null;
  const against = previewPrice(basis, [], base);
  return (
    <Alert severity="info" icon={false} role="status">
      {basis.qty.toLocaleString('en-GB')} {basis.sides}-sided on {basis.stock.name}:{' '}
      {price === null || against === null ? (
        'enter a whole percent from −50 to +200 to see the price'
      ) : (
        <>
          <strong>{formatPence(price)}</strong> ({formatPence(against)} at the default turnaround)
        </>
      )}
    </Alert>
  );
}

function TurnaroundsList({ product, turnarounds, basis }: { product: ProductRecord; turnarounds: TurnaroundRecord[]; basis: PreviewBasis | null }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useChoicesRefresh();
  const [editing, setEditing] = useState<TurnaroundRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TurnaroundRecord | null>(null);
  const base = defaultPercent(turnarounds);

  const remove = async (t: TurnaroundRecord) => {
    setDeleting(null);
    try {
      await dataProvider.delete<TurnaroundRecord>('turnarounds', { id: t.id, previousData: t });
      notify(`${t.name} has been deleted.`, { type: 'info' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
    await refresh();
  };

  return (
    <>
      <List dense aria-label={`Turnarounds of ${product.name}`} sx={{ maxWidth: 760, '& .MuiListItem-root': { pr: { xs: 11, sm: 12 } } }}>
        {turnarounds.map((t) => {
          const price = basis ? previewPrice(basis, [], t.price_percent) : null;
          return (
            <ListItem
              key={t.id}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)} disabled={t.is_default}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <span>{t.name}</span>
                    {t.is_default && <Chip size="small" color="primary" label="Default" />}
                    {!t.active && <Chip size="small" label="Withdrawn" />}
                  </Box>
                }
                secondary={`${daysText(t.production_days)} · ${percentText(t.price_percent)}${price !== null ? ` · ${formatPence(price)}` : ''}${
                  t.production_days === 0 ? ' · only before the cut-off' : ''
                }`}
              />
            </ListItem>
          );
        })}
      </List>
      <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mt: 1 }}>
        Add a turnaround
      </Button>
      {editing && (
        <RecordDialog
          open
          title={editing === 'new' ? 'Add a turnaround' : `Edit ${editing.name}`}
          confirm={editing === 'new' ? 'Add' : 'Save'}
          fields={FIELDS}
          initial={valuesOf(editing === 'new' ? undefined : editing)}
          read={read}
          send={async (body) => {
            if (editing === 'new') await dataProvider.create('turnarounds', { data: { ...body, product_id: product.id } });
            else await dataProvider.update('turnarounds', { id: editing.id, data: body, previousData: editing });
            notify(editing === 'new' ? `${String(body.name).trim()} has been added.` : `${String(body.name).trim()} has been saved.`, { type: 'info' });
          }}
          onClose={() => {
            setEditing(null);
            void refresh();
          }}
          preview={basis ? (values) => <TurnaroundPreview basis={basis} values={values} base={base} /> : undefined}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : ''}
        content="Customers will no longer be offered it. To stop offering it for now but keep it, switch off “On offer” instead."
        confirm="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => void (deleting && remove(deleting))}
      />
    </>
  );
}

/**
 * The turnarounds part of a product: how fast it can be made and what each speed does to the price
 * (DESIGN §2 "Options and turnarounds"), with the price of the preview's break at each. One is the
 * default; its production days are the product's.
 */
export function TurnaroundsPart() {
  const product = useRecordContext<ProductRecord>();
  if (!product) return null;
  return <TurnaroundsOf product={product} />;
}

function TurnaroundsOf({ product }: { product: ProductRecord }) {
  const preview = usePreviewBasis(product);
  const {
    data: turnarounds = [],
    isPending,
    error,
    refetch,
  } = useGetList<TurnaroundRecord>('turnarounds', {
    filter: { product_id: product.id },
    sort: { field: 'production_days', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pb: 3, maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each turnaround changes the price by its percent, after the margin and before any customer discount. A same-day turnaround is offered only to orders
        confirmed before the cut-off on a working day.
      </Typography>
      <PreviewPicker preview={preview} />
      {error ? (
        <LoadFailed what="The turnarounds" onRetry={() => void refetch()} />
      ) : isPending ? (
        <LinearProgress aria-label="Loading the turnarounds" />
      ) : (
        <TurnaroundsList product={product} turnarounds={turnarounds} basis={preview.basis} />
      )}
    </Box>
  );
}
