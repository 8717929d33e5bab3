/**
 * Raw rows of a test's own `db.execute(sql…)`, for assertions only: features read rows through
 * src/db/rows.ts row schemas (decision 045).
 */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? []) as T[];
