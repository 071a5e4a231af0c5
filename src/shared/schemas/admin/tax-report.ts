import { z } from 'zod';
import { daySchema } from '../dates';

const day = daySchema('Give a date as YYYY-MM-DD');

/** GET /api/admin/tax-report.csv: documents issued from `from` to `to` (both days included, UTC). */
export const taxReportQuerySchema = z
  .object({
    from: day,
    to: day,
    /** documents: one row per invoice or credit note; countries: totals per country, currency, rate and reverse charge. */
    view: z.enum(['documents', 'countries']).default('documents'),
  })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its first day', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'Choose a period of at most a year', path: ['to'] });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;
