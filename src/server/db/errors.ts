/** The PostgreSQL (or PGlite) error under drizzle's wrapper, if any: its SQLSTATE and constraint name. One place reads them. */
export function pgError(err: unknown): { code?: string; constraint?: string } | null {
  for (
    let e = err as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = typeof e.constraint === 'string' ? e.constraint : typeof e.constraint_name === 'string' ? e.constraint_name : undefined;
      return { code: e.code, constraint };
    }
  }
  return null;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgError(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
};

export const isForeignKeyViolation = (err: unknown) => pgError(err)?.code === '23503';
