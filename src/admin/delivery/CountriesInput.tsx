import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useGetList, useInput } from 'react-admin';
import type { StaffCountry } from '../../shared/api';
import { LoadFailed } from '../../shared/ui/LoadFailed';

const UK = 'GB';
const sameSet = (a: ReadonlySet<number>, b: readonly number[]) => a.size === b.length && b.every((id) => a.has(id));

/** "France, Germany and Spain", or the first few and how many more. */
function namesText(names: string[]): string {
  const shown = names.slice(0, 4);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : (shown[0] ?? '');
}

/**
 * The countries a delivery type serves (`country_ids`, the whole set): a summary in words, the two
 * sets the printer uses most ("UK only", "all active countries except the UK"), and a searchable
 * list of every country to tick. The server's 422 on country_ids shows beneath it.
 */
export function CountriesInput({ source = 'country_ids' }: { source?: string }) {
  const { field, fieldState } = useInput<number[]>({ source, defaultValue: [] });
  const {
    data: countries = [],
    isPending,
    error,
    refetch,
  } = useGetList<StaffCountry>('delivery/countries', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [search, setSearch] = useState('');
  const [chosenOnly, setChosenOnly] = useState(false);
  const searchId = useId();
  const helpId = useId();

  const value: number[] = useMemo(() => (Array.isArray(field.value) ? field.value : []), [field.value]);
  const chosen = useMemo(() => new Set(value), [value]);
  const uk = countries.find((c) => c.code === UK);
  const abroad = useMemo(() => countries.filter((c) => c.active && c.code !== UK).map((c) => c.id), [countries]);

  const set = (ids: number[]) => {
    field.onChange(ids);
    field.onBlur();
  };
  const toggle = (id: number, on: boolean) => set(on ? [...value, id] : value.filter((x) => x !== id));

  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = countries.filter(
    (c) => (!chosenOnly || chosen.has(c.id)) && words.every((w) => c.name.toLowerCase().includes(w) || c.code.toLowerCase() === w),
  );

  let summary: string;
  if (!value.length) summary = 'No country yet: this service is offered to no one.';
  else if (uk && value.length === 1 && chosen.has(uk.id)) summary = `${uk.name} only.`;
  else if (abroad.length && sameSet(chosen, abroad)) summary = `All ${abroad.length} active countries except ${uk?.name ?? 'the UK'}.`;
  else {
    const names = countries.filter((c) => chosen.has(c.id)).map((c) => c.name);
    summary = `${value.length} ${value.length === 1 ? 'country' : 'countries'}: ${namesText(names)}.`;
  }

  return (
    <Box
      component="fieldset"
      aria-describedby={helpId}
      sx={{
        border: 1,
        borderColor: fieldState.error ? 'error.main' : 'divider',
        borderRadius: 1,
        px: 2,
        pb: 2,
        pt: 1,
        m: 0,
        mt: 1,
        mb: 2,
        width: '100%',
        maxWidth: 720,
        minWidth: 0,
      }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Countries served
      </Typography>
      <Typography id={helpId} variant="body2" sx={{ mb: 1 }} data-testid="countries-summary">
        {summary}
      </Typography>
      {fieldState.error?.message ? (
        <FormHelperText error role="alert" sx={{ mx: 0, mb: 1 }}>
          {fieldState.error.message}
        </FormHelperText>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Button size="small" variant="outlined" onClick={() => uk && set([uk.id])} disabled={!uk}>
          UK only
        </Button>
        <Button size="small" variant="outlined" onClick={() => set(abroad)} disabled={!abroad.length}>
          All active countries except the UK
        </Button>
        <Button size="small" onClick={() => set([])} disabled={!value.length}>
          Clear
        </Button>
      </Box>
      {error ? (
        <LoadFailed what="The countries" onRetry={() => void refetch()} />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            <TextField
              id={searchId}
              size="small"
              type="search"
              label="Find a country"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ flex: '1 1 220px', minWidth: 0 }}
            />
            <FormControlLabel control={<Switch checked={chosenOnly} onChange={(e) => setChosenOnly(e.target.checked)} />} label="Chosen only" />
          </Box>
          <Box
            role="group"
            aria-label="Countries to choose from"
            sx={{
              maxHeight: 300,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              px: 1.5,
              py: 0.5,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
            }}
          >
            {isPending ? (
              <Typography color="text.secondary" sx={{ p: 1 }}>
                Loading the countries…
              </Typography>
            ) : shown.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 1 }}>
                {chosenOnly && !value.length ? 'No country chosen yet.' : 'No country matches that search.'}
              </Typography>
            ) : (
              shown.map((c) => (
                <FormControlLabel
                  key={c.id}
                  sx={{ mr: 0, minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                  control={<Checkbox size="small" checked={chosen.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />}
                  label={
                    <>
                      {c.name}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        {c.code}
                        {c.active ? '' : ' · not offered to customers'}
                      </Typography>
                    </>
                  }
                />
              ))
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
