import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { TextInput } from '../../components/TextInput';
import { route } from '../../paths';

/** Finds orders in every status by number, reference, product or postcode: opens All orders with ?q=. */
export function OrderSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(route('orders.index', {}, { q: query.trim() }));
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <TextInput
        id="order-search"
        name="q"
        type="search"
        label="Search your orders"
        helperText="Number, reference, product or postcode, in any status"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        margin="none"
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
      />
      <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56, px: 4, width: { xs: '100%', sm: 'auto' } }}>
        Search
      </Button>
    </Box>
  );
}
