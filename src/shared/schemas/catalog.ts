import { z } from 'zod';

const slug = z.string().trim().min(1, 'Required').max(64);

/** The body of POST /api/quote, and the configurator's choice. */
export const quoteRequestSchema = z.object({
  game: slug,
  plan: slug,
  period: slug,
  location: slug,
  addons: z
    .record(z.string().max(64), z.number().int('Must be a whole number').min(0).max(100))
    .default({}),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
