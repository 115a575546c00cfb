import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Autocomplete from '@mui/material/Autocomplete';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SavedAddress } from '../../../shared/api/addresses';
import { useAddresses } from '../../api/addresses';
import { route } from '../../paths';

const labelOf = (a: SavedAddress) => [`${a.firstname} ${a.lastname}`.trim(), a.company_name, a.town, a.postcode].filter(Boolean).join(', ');

/**
 * "Deliver to a saved address": a search over the customer's address book that fills the address
 * fields with the one picked. With `preselectDefault` (a new order whose fields hold only the
 * profile's address), the default address is filled in once it has loaded, unless the customer
 * has already typed (`untouched` false by then).
 */
export function SavedAddressPicker({
  onPick,
  preselectDefault,
  untouched,
}: {
  onPick: (address: SavedAddress) => void;
  preselectDefault: boolean;
  untouched: () => boolean;
}) {
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<SavedAddress | null>(null);
  const words = useDeferredValue(input);
  const searching = picked && input === labelOf(picked) ? '' : words.trim();
  const list = useAddresses({ q: searching, page: 1, per_page: 20 });
  const preselected = useRef(false);

  useEffect(() => {
    if (!preselectDefault || preselected.current || !list.data || searching) return;
    preselected.current = true;
    const first = list.data.data[0];
    if (first?.is_default && untouched()) {
      setPicked(first);
      onPick(first);
    }
  }, [preselectDefault, list.data, searching, untouched, onPick]);

  // No saved address at all: a word on where to keep them, and no empty picker.
  if (list.data && list.data.total === 0 && !searching) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Deliver to the same places often? Keep them in your{' '}
        <Link component={RouterLink} to={route('account.addresses')}>
          address book
        </Link>
        .
      </Typography>
    );
  }

  return (
    <Autocomplete
      options={list.data?.data ?? []}
      value={picked}
      onChange={(_, address) => {
        setPicked(address);
        if (address) onPick(address);
      }}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      loading={list.isFetching}
      noOptionsText={list.isError ? 'Your addresses could not be loaded' : 'No saved address matches'}
      renderOption={(props, address) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span>
              {labelOf(address)}
              {address.is_default ? ' (default)' : ''}
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label="Deliver to a saved address" helperText="Search by name, company, town or postcode" margin="normal" />
      )}
    />
  );
}
