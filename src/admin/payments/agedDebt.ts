import AgedDebtIcon from '@mui/icons-material/HourglassBottom';
import type { AgedDebtRow } from '../../shared/api/statements';
import { lazyScreen } from '../common/lazyScreen';

/** The aged-debt report at /admin/aged-debt: read only, one row per customer with a balance. */
export default {
  list: lazyScreen(
    () => import('./AgedDebtList'),
    (m) => m.AgedDebtList,
  ),
  icon: AgedDebtIcon,
  recordRepresentation: (row: AgedDebtRow) => row.company || row.name,
  options: { label: 'Aged debt' },
};
