import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify, useRecordContext } from 'react-admin';
import type { DeliveryPriceRecord, DeliveryTypeRecord } from '../../shared/api';
import { formatPence } from '../../shared/domain/pricing/format';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { InlineTextField } from '../common/InlineTextField';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { gramsOf, gramsText, penceOf, poundsText } from './money';

const BANDS = 'delivery-prices';
/** Read by screen readers, not shown. */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type BandErrors = Partial<Record<'weight_upto' | 'price', string>>;
interface Draft {
  weight: string;
  price: string;
}

const WEIGHT_HELP = 'Whole grams, e.g. 750';
const PRICE_HELP = 'Pounds and pence, e.g. 3.95';

/** The draft as the API's numbers, or the fields that are not yet numbers. */
function readDraft(draft: Draft): { values: { weight_upto: number; price: number } } | { errors: BandErrors } {
  const weight = gramsOf(draft.weight);
  const price = penceOf(draft.price);
  const errors: BandErrors = {};
  if (weight === null || weight < 1) errors.weight_upto = draft.weight.trim() ? `Enter whole grams, e.g. 750` : 'Enter the weight';
  if (price === null) errors.price = draft.price.trim() ? 'Enter pounds and pence, e.g. 3.95' : 'Enter the price';
  return weight !== null && weight >= 1 && price !== null ? { values: { weight_upto: weight, price } } : { errors };
}

/**
 * A band's draft as typed, its errors (ours, or the server's 422 beside the field it names) and a
 * submit that sends the checked numbers with `send`. A save refused because someone else changed
 * the band meanwhile (409) says so and runs `onStale` (the bands are read again), keeping the draft:
 * saved again, it is then at the version read.
 */
function useBandDraft(initial: Draft, send: (values: { weight_upto: number; price: number }) => Promise<void>, onStale?: () => Promise<void>) {
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<BandErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const read = readDraft(draft);
    if ('errors' in read) return setErrors(read.errors);
    setSaving(true);
    try {
      await send(read.values);
      setErrors({});
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ weight_upto: fields.weight_upto, price: fields.price });
      if (!fields.weight_upto && !fields.price) notify(messageOf(error), { type: fields.version ? 'warning' : 'error' });
      if (fields.version) await onStale?.();
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, errors, saving, submit };
}

/** After a change: the bands, and the types (their band count), are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: [BANDS] }), queryClient.invalidateQueries({ queryKey: ['delivery'] })]).then(() => undefined);
}

/** One band, shown or being edited in place. */
function BandRow({
  band,
  editing,
  onEdit,
  onDone,
  onDelete,
}: {
  band: DeliveryPriceRecord;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onDelete: () => void;
}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const {
    draft,
    setDraft,
    errors,
    saving,
    submit: save,
  } = useBandDraft(
    { weight: String(band.weight_upto), price: poundsText(band.price) },
    async (values) => {
      await dataProvider.update<DeliveryPriceRecord>(BANDS, { id: band.id, data: values, previousData: band });
      await refresh();
      notify('The weight band has been saved.', { type: 'info' });
      onDone();
    },
    refresh,
  );
  const label = `the band up to ${gramsText(band.weight_upto)}`;

  if (!editing) {
    return (
      <TableRow data-testid="band-row">
        <TableCell sx={num}>{gramsText(band.weight_upto)}</TableCell>
        <TableCell align="right" sx={num}>
          {formatPence(band.price)}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 1 }}>
          <IconButton size="small" aria-label={`Edit ${label}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`Delete ${label}`} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </TableCell>
      </TableRow>
    );
  }

  return (
    <TableRow
      data-testid="band-row"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
        else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') void save();
      }}
    >
      <TableCell sx={{ verticalAlign: 'top', minWidth: 110 }}>
        <InlineTextField
          label={`Weight up to (g) of ${label}`}
          value={draft.weight}
          error={errors.weight_upto}
          inputMode="numeric"
          onChange={(weight) => setDraft({ ...draft, weight })}
          autoFocus
        />
      </TableCell>
      <TableCell align="right" sx={{ verticalAlign: 'top', minWidth: 100 }}>
        <InlineTextField
          label={`Price (£) of ${label}`}
          value={draft.price}
          error={errors.price}
          inputMode="decimal"
          onChange={(price) => setDraft({ ...draft, price })}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top', width: 1 }}>
        <IconButton size="small" color="primary" aria-label={`Save ${label}`} onClick={() => void save()} disabled={saving}>
          <CheckIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={`Cancel editing ${label}`} onClick={onDone} disabled={saving}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/** The form under the table that adds a band. */
function AddBand({ typeId }: { typeId: number }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { draft, setDraft, errors, saving, submit } = useBandDraft({ weight: '', price: '' }, async (values) => {
    await dataProvider.create<DeliveryPriceRecord>(BANDS, { data: { delivery_type_id: typeId, ...values } });
    // Ready for the next band at once; the table catches up.
    setDraft({ weight: '', price: '' });
    notify(`A band up to ${gramsText(values.weight_upto)} has been added.`, { type: 'info' });
    void refresh();
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit();
      }}
      aria-labelledby="add-band-heading"
      sx={{ mt: 3, maxWidth: 560 }}
    >
      <Typography id="add-band-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
        Add a weight band
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          label="Weight up to (g)"
          size="small"
          value={draft.weight}
          onChange={(e) => setDraft({ ...draft, weight: e.target.value })}
          error={Boolean(errors.weight_upto)}
          helperText={errors.weight_upto ?? WEIGHT_HELP}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '1 1 160px' }}
        />
        <TextField
          label="Price (£)"
          size="small"
          value={draft.price}
          onChange={(e) => setDraft({ ...draft, price: e.target.value })}
          error={Boolean(errors.price)}
          helperText={errors.price ?? PRICE_HELP}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: '1 1 140px' }}
        />
        <Button type="submit" variant="contained" disabled={saving} sx={{ flex: '0 0 auto', mt: '1px' }}>
          Add band
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The Prices tab of a delivery type: its weight bands, lightest first. An order's delivery costs
 * the price of the first band that covers its weight; heavier orders are not offered this service.
 * Each band is edited or removed in place; the server's 422 shows beside the field it names.
 */
export function DeliveryPricesTab() {
  const type = useRecordContext<DeliveryTypeRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<DeliveryPriceRecord | null>(null);
  const {
    data: bands = [],
    isPending,
    error,
    refetch,
  } = useGetList<DeliveryPriceRecord>(
    BANDS,
    { filter: { delivery_type_id: type?.id }, sort: { field: 'weight_upto', order: 'ASC' }, pagination: { page: 1, perPage: 500 } },
    { enabled: Boolean(type) },
  );
  if (!type) return null;

  const remove = async (band: DeliveryPriceRecord) => {
    setDeleting(null);
    try {
      await dataProvider.delete<DeliveryPriceRecord>(BANDS, { id: band.id, previousData: band });
      await refresh();
      notify(`The band up to ${gramsText(band.weight_upto)} has been deleted.`, { type: 'info' });
    } catch (err) {
      notify(messageOf(err), { type: 'error' });
      // Changed by someone else meanwhile: the bands as they are now, before deciding again.
      if (fieldErrorsOf(err).version) await refresh();
    }
  };

  const heaviest = bands.length ? bands[bands.length - 1].weight_upto : null;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pb: 3, maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        An order’s delivery costs the price of the first band that covers its weight.
        {heaviest !== null ? ` Orders over ${gramsText(heaviest)} are not offered ${type.name}.` : ''}
      </Typography>
      {error ? (
        <LoadFailed what="The weight bands" onRetry={() => void refetch()} />
      ) : isPending ? (
        <Box role="status" sx={{ py: 2 }}>
          <Typography color="text.secondary" gutterBottom>
            Loading the weight bands…
          </Typography>
          <LinearProgress aria-label="Loading the weight bands" />
        </Box>
      ) : bands.length === 0 ? (
        <Alert severity="warning">No weight bands yet: {type.name} is not offered to customers until it has one. Add the first below.</Alert>
      ) : (
        // Relative: the hidden header text stays inside the scrolling box, not past the page's edge.
        <TableContainer sx={{ overflowX: 'auto', position: 'relative', maxWidth: 520 }}>
          <Table size="small" aria-label={`Weight bands of ${type.name}`}>
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>Weight up to</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">
                  <span style={HIDDEN}>Actions</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bands.map((band) => (
                <BandRow
                  key={`${band.id}-${band.weight_upto}-${band.price}`}
                  band={band}
                  editing={editing === band.id}
                  onEdit={() => setEditing(band.id)}
                  onDone={() => setEditing(null)}
                  onDelete={() => setDeleting(band)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <AddBand typeId={type.id} />
      <Confirm
        isOpen={deleting !== null}
        title={deleting ? `Delete the band up to ${gramsText(deleting.weight_upto)}?` : ''}
        content={
          deleting
            ? `Orders of that weight will be priced by the next band up${heaviest === deleting.weight_upto ? ' — there is none, so they will no longer be offered this service' : ''}.`
            : ''
        }
        confirm="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => void (deleting && remove(deleting))}
      />
    </Box>
  );
}
