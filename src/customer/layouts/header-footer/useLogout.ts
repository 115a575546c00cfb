import { useNavigate } from 'react-router-dom';
import { logout } from '../../../shared/auth';
import { route } from '../../paths';

/** The Logout action: sign out (even if the server call fails), then the route named login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await logout();
    await navigate(route('login'), { replace: true });
  };
}
