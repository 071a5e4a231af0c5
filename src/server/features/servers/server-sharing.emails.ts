import type { Locale } from '../../../shared/i18n/locales';
import { SERVER_INVITE_DAYS, type ServerPermission } from '../../../shared/schemas/server-sharing';
import { emailWords, recipientOf, sendTemplateToAddress, shopLocale, type EmailSendDeps } from '../emails';

/**
 * The invitation to help run someone's server: the link signs in (or up) and accepts. In the
 * invitee's language when they have an account that names one, else the owner's (who likely
 * shares with people who read it), else the shop's.
 */
export async function sendShareInvitation(
  deps: EmailSendDeps,
  input: { to: string; inviteeId: string | null; ownerLocale?: Locale; url: string; ownerName: string; serverName: string; permissions: readonly ServerPermission[] },
): Promise<void> {
  const invitee = input.inviteeId ? await recipientOf(deps, input.inviteeId, input.ownerLocale) : undefined;
  const locale = invitee?.locale ?? input.ownerLocale ?? (await shopLocale(deps.db));
  const say = await emailWords(deps.db, locale);
  const permissions = new Intl.ListFormat(locale, { type: 'conjunction' }).format(input.permissions.map((p) => say(`email.permission.${p}`)));
  await sendTemplateToAddress(deps, {
    to: input.to,
    template: 'shareInvitation',
    locale,
    firstName: invitee?.firstName ?? null,
    values: () => ({ owner: input.ownerName, server: input.serverName, permissions, days: String(SERVER_INVITE_DAYS) }),
    actionUrl: input.url,
  });
}
