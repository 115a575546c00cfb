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
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify, useRecordContext } from 'react-admin';
import type { OptionGroupRecord, OptionRecord, ProductRecord, TurnaroundRecord } from '../../../shared/api';
import { formatPence, formatUnitCostText } from '../../../shared/domain/pricing/format';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { messageOf } from '../../dataProvider/errors';
import { penceOf, poundsText } from '../../delivery/money';
import { PreviewPicker, usePreviewBasis } from './PreviewPicker';
import { costsOf, defaultPercent, previewPrice, typedOption, type PreviewBasis } from './preview';
import { RecordDialog, type DialogField, type DialogValues, type ReadValues } from './RecordDialog';
import { useChoicesRefresh } from './refresh';

const GROUP_FIELDS: readonly DialogField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, helper: 'As customers see it, e.g. Lamination' },
  { name: 'required', label: 'Required', kind: 'switch', helper: 'Every item must take one of its options (e.g. None / Matt / Gloss).' },
];

const OPTION_FIELDS: readonly DialogField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, helper: 'As customers see it, e.g. Matt, both sides' },
  { name: 'sheet_cost', label: 'Cost per sheet (£)', kind: 'decimal', helper: 'Per printed sheet, up to 4 decimal places' },
  { name: 'setup_cost', label: 'Set-up cost (£)', kind: 'decimal', helper: 'Once per item line, pounds and pence' },
  { name: 'production_days', label: 'Extra production days', kind: 'numeric', helper: 'Working days it adds (0 = none)' },
  { name: 'active', label: 'On offer', kind: 'switch', helper: 'Withdrawn options are not offered to customers.' },
];

const SETUP_MESSAGE = 'Enter pounds and pence, e.g. 8.00';
/** The set-up typed in pounds as pence ("" is none), or null when it is not an amount. */
const setupPenceOf = (text: string | boolean) => (String(text).trim() === '' ? 0 : penceOf(String(text)));

function readOption(values: DialogValues): ReadValues {
  const setup = setupPenceOf(values.setup_cost);
  if (setup === null) return { errors: { setup_cost: SETUP_MESSAGE } };
  return {
    body: {
      name: values.name,
      sheet_cost: String(values.sheet_cost).trim() || '0',
      setup_cost: setup,
      production_days: String(values.production_days).trim() || '0',
      active: values.active,
    },
  };
}

/** The preview's price with one option, against none. */
function OptionPreview({ basis, values, percent }: { basis: PreviewBasis; values: DialogValues; percent: number }) {
  const option = typedOption(String(values.sheet_cost), setupPenceOf(values.setup_cost));
  const without = previewPrice(basis, [], percent);
  const withIt = option ? previewPrice(basis, [option], percent) : null;
  return (
    <Alert severity="info" icon={false} role="status">
      {basis.qty.toLocaleString('en-GB')} {basis.sides}-sided on {basis.stock.name}:{' '}
      {withIt === null || without === null ? (
        'enter the costs as amounts to see the price'
      ) : (
        <>
          <strong>{formatPence(withIt)}</strong> with this option, {formatPence(without)} without (+{formatPence(withIt - without)})
        </>
      )}
    </Alert>
  );
}

function optionLine(option: OptionRecord, basis: PreviewBasis | null, percent: number): string {
  const parts = [`${formatUnitCostText(option.sheet_cost)} a sheet`];
  if (option.setup_cost > 0) parts.push(`${formatPence(option.setup_cost)} set-up`);
  if (option.production_days > 0) parts.push(`+${option.production_days} day${option.production_days === 1 ? '' : 's'}`);
  if (basis) {
    const without = previewPrice(basis, [], percent);
    const withIt = previewPrice(basis, [costsOf(option)], percent);
    if (without !== null && withIt !== null) parts.push(`${formatPence(withIt)} (+${formatPence(withIt - without)})`);
  }
  return parts.join(' · ');
}

type Editing = { kind: 'group'; group?: OptionGroupRecord } | { kind: 'option'; group: OptionGroupRecord; option?: OptionRecord };
type Deleting = { kind: 'group'; record: OptionGroupRecord } | { kind: 'option'; record: OptionRecord };

function GroupCard({
  group,
  options,
  basis,
  percent,
  onEdit,
  onDelete,
}: {
  group: OptionGroupRecord;
  options: OptionRecord[];
  basis: PreviewBasis | null;
  percent: number;
  onEdit: (editing: Editing) => void;
  onDelete: (deleting: Deleting) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-labelledby={`group-${group.id}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={`group-${group.id}`} variant="h3" component="h2" sx={{ flex: '1 1 auto' }}>
          {group.name}
        </Typography>
        <Chip size="small" label={group.required ? 'Required' : 'Optional'} color={group.required ? 'primary' : 'default'} variant="outlined" />
        <IconButton aria-label={`Edit the group ${group.name}`} onClick={() => onEdit({ kind: 'group', group })}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Delete the group ${group.name}`} onClick={() => onDelete({ kind: 'group', record: group })}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {options.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          No options yet: customers are offered none of this group until it has one.
        </Typography>
      ) : (
        <List dense aria-label={`Options of ${group.name}`} sx={{ '& .MuiListItem-root': { pl: 0, pr: { xs: 11, sm: 12 } } }}>
          {options.map((option) => (
            <ListItem
              key={option.id}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label={`Edit ${option.name}`} onClick={() => onEdit({ kind: 'option', group, option })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete ${option.name}`} onClick={() => onDelete({ kind: 'option', record: option })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <span>{option.name}</span>
                    {!option.active && <Chip size="small" label="Withdrawn" />}
                  </Box>
                }
                secondary={optionLine(option, basis, percent)}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onEdit({ kind: 'option', group })} sx={{ mt: 1 }}>
        Add an option to {group.name}
      </Button>
    </Paper>
  );
}

/**
 * The options part of a product: its groups of finishing options (Lamination, Corners…) and what
 * each option adds to the cost per sheet, once per line and to production, with the price of the
 * preview's break with each option (at the default turnaround, before any discount).
 */
export function OptionsPart() {
  const product = useRecordContext<ProductRecord>();
  if (!product) return null;
  return <OptionsOf product={product} />;
}

function OptionsOf({ product }: { product: ProductRecord }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useChoicesRefresh();
  const preview = usePreviewBasis(product);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const groups = useGetList<OptionGroupRecord>('option-groups', {
    filter: { product_id: product.id },
    sort: { field: 'sort', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const options = useGetList<OptionRecord>('options', {
    filter: { product_id: product.id },
    sort: { field: 'sort', order: 'ASC' },
    pagination: { page: 1, perPage: 500 },
  });
  const { data: turnarounds = [] } = useGetList<TurnaroundRecord>('turnarounds', { filter: { product_id: product.id }, pagination: { page: 1, perPage: 100 } });
  const percent = defaultPercent(turnarounds);

  const remove = async (target: Deleting) => {
    setDeleting(null);
    try {
      await dataProvider.delete(target.kind === 'group' ? 'option-groups' : 'options', { id: target.record.id, previousData: target.record });
      notify(`${target.record.name} has been deleted.`, { type: 'info' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
    await refresh();
  };

  const dialog = (() => {
    if (!editing) return null;
    const close = () => {
      setEditing(null);
      void refresh();
    };
    if (editing.kind === 'group') {
      const { group } = editing;
      return (
        <RecordDialog
          open
          title={group ? `Edit the group ${group.name}` : 'Add an option group'}
          confirm={group ? 'Save' : 'Add'}
          fields={GROUP_FIELDS}
          initial={{ name: group?.name ?? '', required: group?.required ?? true }}
          read={(values) => ({ body: { name: values.name, required: values.required } })}
          send={async (body) => {
            if (group) await dataProvider.update('option-groups', { id: group.id, data: body, previousData: group });
            else await dataProvider.create('option-groups', { data: { ...body, product_id: product.id } });
            notify(`The group ${String(body.name).trim()} has been ${group ? 'saved' : 'added'}.`, { type: 'info' });
          }}
          onClose={close}
        />
      );
    }
    const { group, option } = editing;
    return (
      <RecordDialog
        open
        title={option ? `Edit ${option.name}` : `Add an option to ${group.name}`}
        confirm={option ? 'Save' : 'Add'}
        fields={OPTION_FIELDS}
        initial={{
          name: option?.name ?? '',
          sheet_cost: option?.sheet_cost ?? '0.0000',
          setup_cost: option ? poundsText(option.setup_cost) : '0.00',
          production_days: option ? String(option.production_days) : '0',
          active: option?.active ?? true,
        }}
        read={readOption}
        send={async (body) => {
          if (option) await dataProvider.update('options', { id: option.id, data: body, previousData: option });
          else await dataProvider.create('options', { data: { ...body, option_group_id: group.id } });
          notify(`${String(body.name).trim()} has been ${option ? 'saved' : 'added'}.`, { type: 'info' });
        }}
        onClose={close}
        preview={preview.basis ? (values) => <OptionPreview basis={preview.basis!} values={values} percent={percent} /> : undefined}
      />
    );
  })();

  const failed = groups.error ?? options.error;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pb: 3, maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        An item takes at most one option of each group, and exactly one of a required group. An option adds its cost per printed sheet and its set-up cost to
        the item’s cost, before the margin; its extra days are added to the turnaround’s.
      </Typography>
      <PreviewPicker preview={preview} />
      {failed ? (
        <LoadFailed
          what="The options"
          onRetry={() => {
            void groups.refetch();
            void options.refetch();
          }}
        />
      ) : groups.isPending || options.isPending ? (
        <LinearProgress aria-label="Loading the options" />
      ) : (
        <>
          {(groups.data ?? []).length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              No finishing options yet: customers order {product.name} as it is. Add a group such as Lamination or Corners.
            </Alert>
          )}
          {(groups.data ?? []).map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              options={(options.data ?? []).filter((o) => o.option_group_id === group.id)}
              basis={preview.basis}
              percent={percent}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'group' })}>
            Add an option group
          </Button>
        </>
      )}
      {dialog}
      <Confirm
        isOpen={deleting !== null}
        title={deleting ? (deleting.kind === 'group' ? `Delete the group ${deleting.record.name}?` : `Delete ${deleting.record.name}?`) : ''}
        content={
          deleting?.kind === 'group'
            ? 'Its options go with it, and customers will no longer be offered them.'
            : 'Customers will no longer be offered it. To stop offering it for now but keep it, switch off “On offer” instead.'
        }
        confirm="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => void (deleting && remove(deleting))}
      />
    </Box>
  );
}
