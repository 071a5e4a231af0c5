/**
 * The next time a five-field cron expression fires after `from`, in UTC (pg-boss's default), or
 * null when it does not within eight days or uses syntax this reader does not know. Enough for
 * the app's own schedules (`*`, `*\/n`, numbers, ranges and lists); it is only shown to staff.
 */
export function nextCronRun(cron: string, from: Date): Date | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const ranges: [number, number][] = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 6],
  ];
  const sets = fields.map((f, i) => parseField(f, ranges[i]![0], ranges[i]![1]));
  if (sets.some((s) => s === null)) return null;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  const t = new Date(from.getTime());
  t.setUTCSeconds(0, 0);
  for (let i = 0; i < 8 * 24 * 60; i += 1) {
    t.setUTCMinutes(t.getUTCMinutes() + 1);
    if (
      minutes!.has(t.getUTCMinutes()) &&
      hours!.has(t.getUTCHours()) &&
      days!.has(t.getUTCDate()) &&
      months!.has(t.getUTCMonth() + 1) &&
      weekdays!.has(t.getUTCDay())
    ) {
      return new Date(t.getTime());
    }
  }
  return null;
}

function parseField(field: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of field.split(',')) {
    const match = part.match(/^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/);
    if (!match) return null;
    const step = match[2] ? Number(match[2]) : 1;
    if (step < 1) return null;
    let lo = min;
    let hi = max;
    if (match[1] !== '*') {
      const [a, b] = match[1]!.split('-').map(Number);
      lo = a!;
      hi = b ?? (match[2] ? max : a!);
    }
    if (lo < min || hi > max || lo > hi) return null;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}
