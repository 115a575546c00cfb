import UsersIcon from '@mui/icons-material/People';
import type { AdminUser } from '../../shared/api';
import { fullName } from './FullNameField';
import { UserCreate } from './UserCreate';
import { UserList } from './UserList';
import { UserView } from './UserView';

/** The users resource: list at /admin/users, add at /admin/users/add, view at /admin/users/{id}. */
export default {
  list: UserList,
  edit: UserView,
  create: UserCreate,
  icon: UsersIcon,
  recordRepresentation: (user: AdminUser) => fullName(user),
};
