export { adminOnly } from './adminOnly';
export { authRequired } from './authRequired';
export { guestOnly } from './guestOnly';
export { role } from './role';
export { runGuards } from './runGuards';
export { restoreSession } from './sessionRestore';
export { INTENDED_URL_COOKIE, rememberIntendedUrl, takeIntendedUrl } from '../../shared/auth/intendedUrl';
export { guardsMiddleware, sessionRestoreMiddleware } from './middleware';
export type { Guard, GuardContext, GuardRedirect } from './types';
