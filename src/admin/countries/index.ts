import CountriesIcon from '@mui/icons-material/Public';
import type { StaffCountry } from '../../shared/api';
import { lazyScreen } from '../common/lazyScreen';

/**
 * The countries resource, at the specification's /admin/delivery/countries (the API's
 * /api/admin/countries): one list, each country edited in a dialog over it.
 */
export default {
  list: lazyScreen(
    () => import('./CountryList'),
    (m) => m.CountryList,
  ),
  icon: CountriesIcon,
  recordRepresentation: (country: StaffCountry) => country.name,
  options: { label: 'Countries' },
};
