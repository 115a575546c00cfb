import { defineGuard } from './types';
import { route } from '../paths';

/** Specification §2 guard 2: signed-out visitors go to login, remembering where they were going. */
export const authRequired = defineGuard('auth', ({ user, target }) =>
  user ? undefined : { to: route('login'), intendedUrl: target.pathname + target.search },
);
