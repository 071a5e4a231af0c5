/** True when a query failed on a unique constraint, whichever driver (and drizzle wrapper) raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23505') {
      if (!constraint) return true;
      return e.constraint === constraint || String(e.message ?? '').includes(constraint);
    }
    current = e.cause;
  }
  return false;
}
