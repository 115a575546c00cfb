import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { ORDER_STATUSES, type ConfirmedOrderStatus } from '../../../shared/domain/orders/statuses';
import { route } from '../../paths';

/** Every confirmed status at once: `/orders`, or `/orders?status=all`. */
export const ALL_STATUSES = 'all';
/** The company's orders waiting for an owner's approval (buyers' baskets above their limit): `/orders?status=approval`. */
export const AWAITING_APPROVAL = 'approval';
export const AWAITING_APPROVAL_NAME = 'Awaiting approval';
export type ListStatus = ConfirmedOrderStatus | typeof ALL_STATUSES | typeof AWAITING_APPROVAL;

/** What the address of the orders list holds: the status shown, the search and the days confirmed. */
export interface OrderFilterValues {
  status: ListStatus;
  q: string;
  from: string;
  to: string;
}

/** The address's filters: an unknown or missing status is every status. */
export function readOrderFilters(search: URLSearchParams): OrderFilterValues {
  const raw = search.get('status') ?? '';
  const status = ORDER_STATUSES.some((s) => s.status === raw) || raw === AWAITING_APPROVAL ? (raw as ListStatus) : ALL_STATUSES;
  return { status, q: search.get('q') ?? '', from: search.get('from') ?? '', to: search.get('to') ?? '' };
}

/** The query of the list's address for these filters (empty ones left out; every status is no status). */
export function orderFiltersQuery(values: OrderFilterValues, page?: number): Record<string, string> {
  const query: Record<string, string> = {};
  if (values.status !== ALL_STATUSES) query.status = values.status;
  if (values.q.trim()) query.q = values.q.trim();
  if (values.from) query.from = values.from;
  if (values.to) query.to = values.to;
  if (page && page > 1) query.page = String(page);
  return query;
}

export const hasOrderFilters = (values: OrderFilterValues) => Boolean(values.q.trim() || values.from || values.to);

interface OrderFiltersProps {
  values: OrderFilterValues;
  /** The server's word per field when it refused the filters (422). */
  errors: Record<string, string>;
  onApply(next: OrderFilterValues): void;
}

/**
 * Find orders: words (number, reference, product or postcode), the status, and the days they were
 * confirmed. The status applies when chosen; the words and days with Search (or Enter). On a phone
 * the fields stack, each the full width.
 */
export function OrderFilters({ values, errors, onApply }: OrderFiltersProps) {
  const [draft, setDraft] = useState(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim() });
  };
  const set = (field: keyof OrderFilterValues) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Find orders"
      onSubmit={submit}
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0, sm: 2 }}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
    >
      <Field label="Search" hint="Number, reference, product or postcode" error={errors.q} sx={{ flex: { sm: '3 1 260px' } }}>
        {(id, describedBy) => (
          <OutlinedInput
            id={id}
            type="search"
            name="q"
            label="Search"
            value={draft.q}
            onChange={set('q')}
            inputProps={{ 'aria-describedby': describedBy, maxLength: 100 }}
          />
        )}
      </Field>
      <Field label="Status" shrink sx={{ flex: { sm: '1 1 160px' } }}>
        {(id) => (
          <NativeSelect
            id={id}
            name="status"
            input={<OutlinedInput label="Status" notched />}
            value={draft.status}
            onChange={(event) => {
              const status = event.target.value as ListStatus;
              const next = status === AWAITING_APPROVAL ? { ...draft, status, from: '', to: '' } : { ...draft, status };
              setDraft(next);
              onApply({ ...next, q: next.q.trim() });
            }}
          >
            <option value={ALL_STATUSES}>All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s.status} value={s.status}>
                {s.label}
              </option>
            ))}
            <option value={AWAITING_APPROVAL}>{AWAITING_APPROVAL_NAME}</option>
          </NativeSelect>
        )}
      </Field>
      {/* Orders waiting for approval are not confirmed yet: no days to search them by. */}
      {draft.status !== AWAITING_APPROVAL && (
        <>
          <Field label="Confirmed from" shrink error={errors.from} sx={{ flex: { sm: '1 1 150px' } }}>
            {(id, describedBy) => (
              <OutlinedInput
                id={id}
                type="date"
                name="from"
                label="Confirmed from"
                notched
                value={draft.from}
                onChange={set('from')}
                inputProps={{ 'aria-describedby': describedBy }}
              />
            )}
          </Field>
          <Field label="Confirmed to" shrink error={errors.to} sx={{ flex: { sm: '1 1 150px' } }}>
            {(id, describedBy) => (
              <OutlinedInput
                id={id}
                type="date"
                name="to"
                label="Confirmed to"
                notched
                value={draft.to}
                onChange={set('to')}
                inputProps={{ 'aria-describedby': describedBy }}
              />
            )}
          </Field>
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: { xs: 1, sm: 2 }, alignSelf: { sm: 'flex-start' } }}>
        <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56, flex: { xs: 1, sm: 'none' } }}>
          Search
        </Button>
        {(hasOrderFilters(values) || values.status !== ALL_STATUSES) && (
          <Button component={RouterLink} to={route('orders.index')} size="large" sx={{ minHeight: 56 }}>
            Clear
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** A labelled outlined field built from its parts (as the price filters do: TextField brings the whole Select along), with its hint or error below. */
function Field({
  label,
  shrink,
  hint,
  error,
  sx,
  children,
}: {
  label: string;
  shrink?: boolean;
  hint?: string;
  error?: string;
  sx: SxProps<Theme>;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const helperId = error || hint ? `${id}-helper` : undefined;
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)} sx={sx}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children(id, helperId)}
      {(error || hint) && <FormHelperText id={helperId}>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
