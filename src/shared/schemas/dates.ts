import { z } from 'zod';

/*
 * Dates staff type or put in a URL. A well-formed string can still name a day the database refuses
 * (year 0000, month 99) or one that does not exist (31 February, which JavaScript quietly turns
 * into 3 March): each is refused here with a message, rather than reaching a query as a 500 or
 * filtering on another day than the one asked for.
 */

/** The years a date staff give may fall in. */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;

function inYears(ms: number): boolean {
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** True when `value` (YYYY-MM-DD) is a day of the calendar between MIN_YEAR and MAX_YEAR. */
export function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return inYears(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** A UTC day as YYYY-MM-DD; `message` names the expected form, e.g. 'Use a date like 2030-01-31'. */
export function daySchema(message: string) {
  return z
    .string(message)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isRealDay, `Use a day that exists, between ${MIN_YEAR} and ${MAX_YEAR}`);
}

/** An ISO date and time with its offset, between MIN_YEAR and MAX_YEAR. */
export function dateTimeSchema(message?: string) {
  return z.iso
    .datetime({ offset: true, ...(message ? { error: message } : {}) })
    .refine((value) => inYears(Date.parse(value)), `Choose a date between ${MIN_YEAR} and ${MAX_YEAR}`);
}
