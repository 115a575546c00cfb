import { z } from 'zod';

/** Setting names are upper-case words joined by underscores, e.g. STATUS_TEXT. */
export const settingNameSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Unknown setting');
export const settingSchema = z.object({ name: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;
