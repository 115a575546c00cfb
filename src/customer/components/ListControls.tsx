import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** A list page's search: one box and its button; `onSearch` gets the trimmed words. */
export function ListSearch({ label, initial, onSearch }: { label: string; initial: string; onSearch(words: string): void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit} sx={{ mb: 2, maxWidth: 520 }}>
      <TextField size="small" fullWidth label={label} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Stack>
  );
}

/** Under a list: how many there are ("12 invoices") and the pages, when there is more than one. */
export function ListFooter({
  total,
  noun,
  plural = `${noun}s`,
  page,
  perPage,
  onPage,
}: {
  total: number;
  noun: string;
  /** When the noun does not take a plain "s" ("addresses"). */
  plural?: string;
  page: number;
  perPage: number;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {total} {total === 1 ? noun : plural}
      </Typography>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => onPage(next)}
          getItemAriaLabel={(type, n) => (type === 'page' ? `Page ${n}` : `${type} page`)}
        />
      )}
    </Stack>
  );
}
