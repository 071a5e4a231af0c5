import { z } from 'zod';
import { HEX, primaryColorProblems, socialNetworks } from '../brand';

/*
 * The brand's schemas, apart from src/shared/brand.ts so that the public pages, which read the
 * brand's defaults and colours from there, do not carry Zod into their first script.
 */

const url = z
  .url({ protocol: /^https?$/, message: 'Enter a full address starting with https://' })
  .trim()
  .max(300, 'Keep the address under 300 characters');
const optionalUrl = z
  .union([z.literal('').transform(() => null), url, z.null()])
  .optional()
  .transform((v) => v ?? null);

/** What staff send from Settings → Brand (the logo and favicon are uploaded separately). */
export const brandInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter the shop name').max(40, 'Keep the name under 40 characters'),
  primaryColor: z
    .string()
    .trim()
    .toLowerCase()
    .regex(HEX, 'Use a colour in the form #rrggbb, for example #4ade80')
    .superRefine((value, ctx) => {
      // One message naming every failing pair: forms and the API show one message per field.
      const problems = primaryColorProblems(value);
      if (problems.length > 0) ctx.addIssue({ code: 'custom', message: `${value} is too hard to read here. ${problems.join(' ')}` });
    }),
  supportEmail: z.email('Enter an email address customers can write to').trim().max(200),
  discordUrl: optionalUrl,
  socials: z.partialRecord(z.enum(socialNetworks), optionalUrl).default({}),
});
export type BrandInput = z.input<typeof brandInputSchema>;

export const brandSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  primaryColor: z.string(),
  supportEmail: z.string(),
  discordUrl: z.string().nullable(),
  socials: z.partialRecord(z.enum(socialNetworks), z.string()),
});
