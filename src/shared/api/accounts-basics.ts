/**
 * The plain values of accounts.ts, free of zod on purpose: the browser's first page load (route
 * guards, the session, form hints) reads these without pulling the schema library in.
 * accounts.ts builds its schemas from them and re-exports them.
 */

/** Roles: admin is staff; trade and user are customers; none may sign in but not order. */
export const ROLES = ['none', 'user', 'trade', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that may use the ordering pages (the specification's role guard list). */
export const CUSTOMER_ROUTE_ROLES: readonly Role[] = ['user', 'trade', 'admin'];

/** Whether the signed-in account may use the ordering pages (false for role none: awaiting approval). */
export const mayOrder = (user: { role: string } | null): boolean => user !== null && (CUSTOMER_ROUTE_ROLES as readonly string[]).includes(user.role);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
