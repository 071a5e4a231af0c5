/** Adds months in UTC, clamping to the month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonthsClamped(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The next renewal after a period that started at `periodStart`. Counted from the period start,
 * not from when the money came in, so a late payment does not shift the customer's billing day.
 * Always `months` from the anchor, never chained month by month: 31 Jan → 28 Feb → 31 Mar.
 */
export function nextRenewalDate(periodStart: Date, months: number, anchor: Date = periodStart): Date {
  if (!Number.isInteger(months) || months < 1) throw new Error(`A billing period is a whole number of months, not ${months}`);
  const elapsed =
    (periodStart.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (periodStart.getUTCMonth() - anchor.getUTCMonth());
  return addMonthsClamped(anchor, elapsed + months);
}
