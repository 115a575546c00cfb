import { defineGuard } from './types';
import { route } from '../paths';

/** Specification §2 guard 1: anyone whose role is not admin goes home. */
export const adminOnly = defineGuard('admin', ({ user }) => (user?.role === 'admin' ? undefined : { to: route('home') }));
