import { z } from 'zod';

/** Discord's execute-webhook address: https://discord.com/api/webhooks/<id>/<token> (also discordapp.com, ptb. and canary.). */
export function isDiscordWebhook(url: URL): boolean {
  return /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/.test(url.hostname) && url.pathname.startsWith('/api/webhooks/');
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);
const urlOf = (value: string) => (URL.canParse(value) ? new URL(value) : null);

/** An https address (http only to this machine, for a local relay), no credentials in it. */
export const alertWebhookUrlSchema = z
  .string()
  .trim()
  .max(500, 'Keep the address under 500 characters')
  .refine((value) => urlOf(value) !== null, 'Enter a full address, such as https://discord.com/api/webhooks/…')
  .refine((value) => {
    const url = urlOf(value);
    return !url || url.protocol === 'https:' || (url.protocol === 'http:' && loopback.has(url.hostname));
  }, 'The address must start with https://')
  .refine((value) => {
    const url = urlOf(value);
    return !url || (!url.username && !url.password);
  }, 'Leave the user name and password out of the address')
  .refine((value) => {
    const url = urlOf(value);
    return !url || !/discord(?:app)?\.com$/.test(url.hostname) || isDiscordWebhook(url);
  }, 'A Discord address must be a webhook: https://discord.com/api/webhooks/<id>/<token>');

export const alertSettingsInputSchema = z.object({
  /** null (or empty) turns the webhook off; email alerts always go to staff. */
  webhookUrl: z.union([alertWebhookUrlSchema, z.literal('').transform(() => null), z.null()]),
});

export const alertSettingsSchema = z.object({
  /** The address with its secret part hidden, e.g. https://discord.com/api/webhooks/1234/…abcd; null when none. */
  webhookUrl: z.string().nullable(),
  discord: z.boolean(),
  updatedAt: z.string().nullable(),
  /** Which roles get each alert by email. */
  recipients: z.array(z.object({ kind: z.string(), label: z.string(), roles: z.array(z.string()) })),
});

export type AlertSettings = z.infer<typeof alertSettingsSchema>;
export type AlertSettingsInput = z.input<typeof alertSettingsInputSchema>;
