import { defineGuard } from './types';
import { route } from '../paths';

/** Specification §2 guard 3: signed-in users are kept out of login, register and password pages. */
export const guestOnly = defineGuard('guest', ({ user }) => (user ? { to: route('home') } : undefined));
