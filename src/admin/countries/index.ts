import CountriesIcon from '@mui/icons-material/Public';
import type { AdminCountry } from '../../shared/api';
import { CountryList } from './CountryList';

/** The countries resource, at the specification's /admin/delivery/countries (the API's /api/admin/countries). */
export default {
  list: CountryList,
  icon: CountriesIcon,
  recordRepresentation: (country: AdminCountry) => country.name,
  options: { label: 'Countries' },
};
