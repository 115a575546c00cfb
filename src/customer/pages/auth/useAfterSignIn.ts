import { useNavigate } from 'react-router-dom';
import { takeIntendedUrl } from '../../guards';
import { route } from '../../paths';

/** After signing in (or registering): the page the visitor was sent away from, else home. */
export function useAfterSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await navigate(takeIntendedUrl(route('home')), { replace: true });
  };
}
