import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { staffUrl } from '../staffAreas';

/** To /admin/users/add, the specification's path (react-admin's own would be /users/create). */
export function AddUserButton() {
  return (
    <Button component={RouterLink} to={staffUrl('users/add')} label="Add user">
      <PersonAddIcon />
    </Button>
  );
}
