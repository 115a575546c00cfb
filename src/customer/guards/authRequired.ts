import { defineGuard } from './types';
import { LOGIN_PATH } from './targets';

/** Specification §2 guard 2: signed-out visitors go to login, remembering where they were going. */
export const authRequired = defineGuard('auth', ({ user, target }) =>
  user ? undefined : { to: LOGIN_PATH, intendedUrl: target.pathname + target.search },
);
