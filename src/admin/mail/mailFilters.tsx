import { SelectArrayInput } from 'react-admin';
import { searchFilter } from '../common/searchFilter';
import { MAIL_STATUSES, MAIL_STATUS_LABELS } from '../../shared/api';

const STATUS_CHOICES = MAIL_STATUSES.map((id) => ({ id, name: MAIL_STATUS_LABELS[id] }));

/** Search by address or subject; any of the statuses (none chosen: every message). */
export const mailFilters = [
  searchFilter('Search mail', 'Search mail by address or subject'),
  // The label sized as the small select it labels (react-admin leaves it at the default size, too low in the box).
  <SelectArrayInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn InputLabelProps={{ size: 'small' }} sx={{ minWidth: 160 }} />,
];
