/**
 * The shared account schemas (src/shared/api/accounts.ts, the server validates with them too),
 * each as a lazy import for useZodForm: zod and the schemas arrive in their own chunk when a
 * form is first used, not with the page. One chunk serves every form.
 */
const accounts = () => import('../../shared/api/accounts');

export const loginSchema = () => accounts().then((module) => module.loginSchema);
export const registerSchema = () => accounts().then((module) => module.registerSchema);
export const profileSchema = () => accounts().then((module) => module.profileSchema);
export const changePasswordSchema = () => accounts().then((module) => module.changePasswordSchema);
export const passwordEmailSchema = () => accounts().then((module) => module.passwordEmailSchema);
export const passwordResetSchema = () => accounts().then((module) => module.passwordResetSchema);
