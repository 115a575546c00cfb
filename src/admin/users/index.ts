import UsersIcon from '@mui/icons-material/People';
import type { StaffUser } from '../../shared/api';
import { fullName } from './FullNameField';
import { lazyScreen } from '../common/lazyScreen';

/** The users resource: list at /admin/users, add at /admin/users/add, view at /admin/users/{id}; each screen loads when first opened. */
export default {
  list: lazyScreen(
    () => import('./UserList'),
    (m) => m.UserList,
  ),
  edit: lazyScreen(
    () => import('./UserEdit'),
    (m) => m.UserEdit,
  ),
  create: lazyScreen(
    () => import('./UserCreate'),
    (m) => m.UserCreate,
  ),
  icon: UsersIcon,
  recordRepresentation: (user: StaffUser) => fullName(user),
};
