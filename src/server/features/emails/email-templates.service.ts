import { compileMessages, parserReason, placeholdersOf } from '../../../shared/i18n/compile';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { baseLocale, localeNames, type Locale } from '../../../shared/i18n/locales';
import { emailKey, emailParts, emailTemplates, variablesOf, type EmailPart, type EmailTemplateId } from '../../../shared/email-templates';
import type { EmailPreview, EmailTemplateList, EmailTemplateText, EmailTemplateView } from '../../../shared/schemas/email-templates';
import type { Db } from '../../db/client';
import { audited, type StaffActor } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import { deleteOverride, listOverrides, upsertOverride, type I18nService } from '../i18n';
import { forgetEmailMessages, renderTemplate } from './email-renderer';

/*
 * Console → Emails: staff reword each email per language. The text is the `emails` messages'
 * (decision 061), so an edit is a translation override, audited, that wins over the file.
 */

export interface EmailTemplatesDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  /** The pages' messages service: forgets its copy after an edit, as the Translations page's edits do. */
  i18n: Pick<I18nService, 'invalidate'>;
  publicUrl: string;
}

interface Texts {
  subject: string;
  body: string;
  action: string | null;
}

function shippedTexts(id: EmailTemplateId, locale: Locale): Texts {
  const file = sourceCatalogs[locale].emails as Record<string, string>;
  const english = sourceCatalogs[baseLocale].emails as Record<string, string>;
  const text = (part: EmailPart) => file[emailKey(id, part)] ?? english[emailKey(id, part)] ?? null;
  return { subject: text('subject') ?? '', body: text('body') ?? '', action: emailTemplates[id].action ? text('action') : null };
}

export async function listEmailTemplates(deps: EmailTemplatesDeps, locale: Locale): Promise<EmailTemplateList> {
  const overrides = new Map((await listOverrides(deps.db)).filter((o) => o.locale === locale).map((o) => [o.key, o.message]));
  const templates: EmailTemplateView[] = (Object.keys(emailTemplates) as EmailTemplateId[]).map((id) => {
    const shipped = shippedTexts(id, locale);
    const current = { ...shipped };
    let edited = false;
    for (const part of emailParts) {
      const override = overrides.get(emailKey(id, part));
      if (override !== undefined && shipped[part] !== null) {
        current[part] = override;
        edited = true;
      }
    }
    const definition = emailTemplates[id];
    return {
      id,
      label: definition.label,
      sentWhen: definition.sentWhen,
      hasAction: definition.action,
      variables: Object.entries(variablesOf(id)).map(([name, v]) => ({ name, description: v.description, sample: v.sample, required: Boolean(v.required) })),
      shipped,
      current,
      edited,
    };
  });
  return { locale, templates };
}

const partNames: Record<EmailPart, string> = { subject: 'subject', body: 'body', action: 'button' };

/**
 * Why staff's text cannot be sent, per field: bad syntax, a {variable} this email does not have,
 * or a required one missing (from the subject and the body together). Empty when it can.
 */
export function templateProblems(id: EmailTemplateId, texts: EmailTemplateText): Record<string, string> {
  const variables = variablesOf(id);
  const problems: Record<string, string> = {};
  const used = new Set<string>();
  const parts: EmailPart[] = emailTemplates[id].action ? ['subject', 'body', 'action'] : ['subject', 'body'];
  for (const part of parts) {
    const text = texts[part];
    if (part === 'action' && !text) {
      problems.action = 'Write the button’s label';
      continue;
    }
    let names: string[];
    try {
      names = placeholdersOf(text ?? '');
    } catch (error) {
      problems[part] = `The ${partNames[part]} is not valid (${parserReason(error)}). Check that every { has its }.`;
      continue;
    }
    const unknown = names.filter((n) => !Object.hasOwn(variables, n));
    if (unknown.length) {
      problems[part] = `${unknown.map((n) => `{${n}}`).join(', ')} ${unknown.length === 1 ? 'is not a variable' : 'are not variables'} of this email. It can use ${Object.keys(variables).map((n) => `{${n}}`).join(', ')}.`;
    }
    if (part !== 'action') for (const n of names) used.add(n);
  }
  const missing = Object.entries(variables).filter(([name, v]) => v.required && !used.has(name)).map(([name]) => `{${name}}`);
  if (missing.length && !problems.body && !problems.subject) {
    problems.body = `The email must say ${missing.join(', ')}: put ${missing.length === 1 ? 'it' : 'them'} in the subject or the body.`;
  }
  return problems;
}

function refuseProblems(id: EmailTemplateId, texts: EmailTemplateText) {
  const problems = templateProblems(id, texts);
  const first = Object.values(problems)[0];
  if (first) throw new HttpError(400, 'validation_failed', first, problems);
}

export async function saveEmailTemplate(deps: EmailTemplatesDeps, actor: StaffActor, locale: Locale, id: EmailTemplateId, texts: EmailTemplateText) {
  refuseProblems(id, texts);
  const shipped = shippedTexts(id, locale);
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const mine = new Map((await listOverrides(tx)).filter((o) => o.locale === locale).map((o) => [o.key, o.message]));
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    for (const part of emailParts) {
      if (shipped[part] === null) continue;
      const key = emailKey(id, part);
      const text = texts[part] ?? shipped[part] ?? '';
      before[part] = mine.get(key) ?? null;
      // The shipped text again is no edit: the file's later fixes then reach this language too.
      if (text === shipped[part]) await deleteOverride(tx, locale, key);
      else await upsertOverride(tx, { locale, key, message: text, updatedAt: now, updatedBy: actor.id });
      after[part] = text === shipped[part] ? null : text;
    }
    return {
      result: undefined,
      audit: {
        action: 'email_template.saved',
        targetType: 'translation' as const,
        targetId: `${locale}:email.${id}`,
        targetLabel: `Email “${emailTemplates[id].label}” (${localeNames[locale]})`,
        before,
        after,
      },
    };
  });
  forget(deps);
  return listEmailTemplates(deps, locale);
}

export async function resetEmailTemplate(deps: EmailTemplatesDeps, actor: StaffActor, locale: Locale, id: EmailTemplateId) {
  await audited(deps, actor, async (tx) => {
    const keys = emailParts.map((part) => emailKey(id, part));
    const mine = (await listOverrides(tx)).filter((o) => o.locale === locale && keys.includes(o.key));
    if (mine.length === 0) throw notFound('This email has no edit in this language');
    for (const row of mine) await deleteOverride(tx, locale, row.key);
    return {
      result: undefined,
      audit: {
        action: 'email_template.reset',
        targetType: 'translation' as const,
        targetId: `${locale}:email.${id}`,
        targetLabel: `Email “${emailTemplates[id].label}” (${localeNames[locale]})`,
        before: Object.fromEntries(mine.map((o) => [o.key, o.message])),
        after: {},
      },
    };
  });
  forget(deps);
}

/** The email as a customer would get it, with the sample values, from a text not yet saved. */
export async function previewEmailTemplate(deps: EmailTemplatesDeps, locale: Locale, id: EmailTemplateId, texts: EmailTemplateText): Promise<EmailPreview> {
  refuseProblems(id, texts);
  const variables = variablesOf(id);
  const draft: Record<string, string> = { [emailKey(id, 'subject')]: texts.subject, [emailKey(id, 'body')]: texts.body };
  if (emailTemplates[id].action && texts.action) draft[emailKey(id, 'action')] = texts.action;
  const values = Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.sample]));
  const rendered = await renderTemplate(deps, {
    template: id,
    locale,
    values,
    firstName: variables.name?.sample ?? null,
    actionPath: '/dashboard',
    messages: compileMessages(draft),
  });
  return { subject: rendered.subject, text: rendered.text, html: rendered.html };
}

function forget(deps: EmailTemplatesDeps) {
  deps.i18n.invalidate();
  forgetEmailMessages(deps.db);
}
