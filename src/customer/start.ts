import { logout } from '../shared/auth';
import { configureHttp } from '../shared/http';
import { rememberIntendedUrl } from './guards';
import { createCustomerRouter } from './routes';
import { route } from './paths';

/**
 * Creates the router and wires the http client to it: after the "Token Expired" dialog's OK the
 * session is logged out and the visitor goes to the route named login — and, once signed in again,
 * back to the page they were on.
 */
export function startCustomerApp() {
  const router = createCustomerRouter();
  configureHttp({
    onSessionExpired: async () => {
      const { pathname, search } = router.state.location;
      await logout();
      if (pathname !== route('login')) rememberIntendedUrl(pathname + search);
      await router.navigate(route('login'));
    },
  });
  return router;
}
