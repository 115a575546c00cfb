import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListContext } from 'react-admin';
import { yearFilter, yearOf } from './days';

/**
 * The list's year: sets `date_gte` and `date_lte` to the first and last day of it ("All years"
 * removes both). A filter of the list, not an input of its form.
 */
export function YearFilter(_props: { source: string; alwaysOn?: boolean; label?: string }) {
  const { filterValues, setFilters } = useListContext();
  const now = new Date().getFullYear();
  const current = yearOf(filterValues ?? {});
  const years = [...new Set([now - 1, now, now + 1, now + 2, now + 3, ...(current ? [current] : [])])].sort();
  return (
    <TextField
      select
      size="small"
      label="Year"
      value={current === null ? 'all' : String(current)}
      onChange={(e) => {
        const { date_gte: _from, date_lte: _to, ...rest } = filterValues ?? {};
        setFilters(e.target.value === 'all' ? rest : { ...rest, ...yearFilter(Number(e.target.value)) }, {});
      }}
      sx={{ minWidth: 140, mb: { xs: 1, sm: '4px' } }}
    >
      <MenuItem value="all">All years</MenuItem>
      {years.map((year) => (
        <MenuItem key={year} value={String(year)}>
          {year}
        </MenuItem>
      ))}
    </TextField>
  );
}
