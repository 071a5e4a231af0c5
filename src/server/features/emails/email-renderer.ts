import { setupI18n, type Messages } from '@lingui/core';
import { eq } from 'drizzle-orm';
import { emailKey, emailTemplates, type EmailTemplateId } from '../../../shared/email-templates';
import { accountLocale, type Locale } from '../../../shared/i18n/locales';
import type { NotificationSettings } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { MailAttachment, MailMessage, Mailer } from '../../integrations/mail/mailer';
import { renderEmail } from '../../integrations/mail/template';
import { getBrand } from '../brand';
import { i18nServiceFor, type I18nService } from '../i18n';

export interface EmailRendererDeps {
  db: Db;
  publicUrl: string;
}

// The app's messages cache of this database (i18nServiceFor), shared by every feature that sends
// mail; it reads staff's edits again within 500 ms on other instances (decision 054), and at once
// after an edit or a new default language on this one.
function messagesOf(db: Db): I18nService {
  return i18nServiceFor(db);
}

/** After a staff edit on this instance: the next email uses it at once. */
export function forgetEmailMessages(db: Db): void {
  messagesOf(db).invalidate();
}

export interface EmailSendDeps extends EmailRendererDeps {
  mailer: Mailer;
}

export type RenderedEmail = Omit<MailMessage, 'to'>;

export interface Recipient {
  email: string;
  firstName: string | null;
  locale: Locale;
  notifications: NotificationSettings;
}

/** The shop's default language (Settings). */
export async function shopLocale(db: Db): Promise<Locale> {
  return (await messagesOf(db).current()).defaultLocale;
}

/**
 * The customer's language: the account's preference, else the language of the request that
 * caused the email (a sign-up's, a password reset's), else the language they last signed in or up
 * with (mail no request carries: the order, the server ready, a reminder), else the shop's default
 * (Settings). Decision 078.
 */
export async function recipientOf(deps: EmailRendererDeps, userId: string, requestLocale?: Locale): Promise<Recipient | undefined> {
  const [row] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      preferences: users.preferences,
      lastLocale: users.lastLocale,
      notifications: users.notifications,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const locale =
    accountLocale({ preferred: row.preferences.language, request: requestLocale, last: row.lastLocale }) ?? (await shopLocale(deps.db));
  return { email: row.email, firstName: row.firstName || null, locale, notifications: row.notifications };
}

/** Words of the emails namespace in a language, staff's edits included, to build a variable from (a list of permissions). */
export async function emailWords(db: Db, locale: Locale): Promise<(key: string) => string> {
  const messages = await messagesOf(db).messages(locale, 'emails');
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key) => i18n._(key);
}

/** Paragraphs are separated by a blank line in a template's body. */
function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Renders a template in a language with the shipped text and staff's edits, or with `messages`
 * given (the console's preview of a text not yet saved).
 */
export async function renderTemplate(
  deps: EmailRendererDeps,
  input: { template: EmailTemplateId; locale: Locale; values: Record<string, string>; firstName?: string | null; actionPath?: string; actionUrl?: string; messages?: Messages },
): Promise<RenderedEmail> {
  const { template, locale } = input;
  const messages = { ...(await messagesOf(deps.db).messages(locale, 'emails')), ...input.messages };
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const shop = await getBrand(deps.db);
  const brand = shop.name;
  const values = { ...input.values, brand };
  const say = (key: string, extra: Record<string, string> = {}) => i18n._(key, { ...values, ...extra });
  const subject = say(emailKey(template, 'subject'));
  const greeting = input.firstName ? [say('email.layout.greeting', { name: input.firstName })] : [];
  const url = input.actionUrl ?? (input.actionPath ? `${deps.publicUrl.replace(/\/+$/, '')}${input.actionPath}` : undefined);
  const action = emailTemplates[template].action && url ? { label: say(emailKey(template, 'action')), url } : undefined;
  const body = renderEmail({
    // The name and the colour staff saved in Settings → Brand (decision 059).
    brand: { name: brand, primaryColor: shop.primaryColor },
    heading: subject,
    paragraphs: [...greeting, ...paragraphsOf(say(emailKey(template, 'body')))],
    action,
    layout: { lang: locale, signoff: say('email.layout.signoff'), pasteLink: say('email.layout.pasteLink') },
  });
  return { subject, ...body };
}

/** Formatters in the recipient's language: dates, money and month names come from Intl, never concatenation. */
export function formatDay(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

export function formatMonth(year: number, month: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

export interface TemplateSend<T extends EmailTemplateId> {
  userId: string;
  template: T;
  /** Built in the recipient's language (amounts and dates formatted for it); `name` is filled in here. */
  values: (locale: Locale) => Omit<Record<keyof (typeof emailTemplates)[T]['variables'], string>, 'name'>;
  actionPath?: string;
  /** An absolute link instead (one with a single-use token). */
  actionUrl?: string;
  /** Once only: a second send with the same key is ignored by the outbox. */
  dedupeKey?: string;
  /** A reminder the customer can turn off: skipped when that notification setting is off. */
  optional?: 'billing' | 'email';
  /** Another address than the account's (a new email to confirm, the old one to warn). */
  to?: string;
  /** Files made in the recipient's language, such as an invoice PDF. */
  attachments?: (locale: Locale) => Promise<MailAttachment[]>;
  /** The language of the request that sends it (cookie or Accept-Language): used when the account has no preference. */
  requestLocale?: Locale;
}

/** Renders a template in the customer's language and stores it in the outbox; false when there was no one to send to. */
export async function sendTemplate<T extends EmailTemplateId>(deps: EmailSendDeps, send: TemplateSend<T>): Promise<boolean> {
  const recipient = await recipientOf(deps, send.userId, send.requestLocale);
  if (!recipient) return false;
  if (send.optional && !recipient.notifications[send.optional]) return false;
  const rendered = await renderTemplate(deps, {
    template: send.template,
    locale: recipient.locale,
    values: { ...send.values(recipient.locale), name: recipient.firstName ?? recipient.email },
    firstName: recipient.firstName,
    ...(send.actionPath ? { actionPath: send.actionPath } : {}),
    ...(send.actionUrl ? { actionUrl: send.actionUrl } : {}),
  });
  const attachments = send.attachments ? await send.attachments(recipient.locale) : [];
  await deps.mailer.send({
    to: send.to ?? recipient.email,
    ...rendered,
    ...(attachments.length ? { attachments } : {}),
    ...(send.dedupeKey ? { dedupeKey: send.dedupeKey } : {}),
  });
  return true;
}

export interface AddressSend<T extends EmailTemplateId> {
  /** Someone who may have no account: a guest who wrote to support, a person invited to a server. */
  to: string;
  template: T;
  /** Their language when it is known (the request's, or their account's); else the shop's default. */
  locale?: Locale;
  values: (locale: Locale) => Record<keyof (typeof emailTemplates)[T]['variables'], string>;
  /** The greeting's name, when they gave one. */
  firstName?: string | null;
  actionUrl?: string;
}

/** Renders a template for an address with no account behind it and stores it in the outbox. */
export async function sendTemplateToAddress<T extends EmailTemplateId>(deps: EmailSendDeps, send: AddressSend<T>): Promise<void> {
  const locale = send.locale ?? (await shopLocale(deps.db));
  const rendered = await renderTemplate(deps, {
    template: send.template,
    locale,
    values: send.values(locale),
    firstName: send.firstName ?? null,
    ...(send.actionUrl ? { actionUrl: send.actionUrl } : {}),
  });
  await deps.mailer.send({ to: send.to, ...rendered });
}
