import { refundProcessingDays, type BusinessRules } from '../../../shared/business-rules';
import type { Say } from '../../../shared/line-text';
import { policy } from '../../../shared/policy';
import { defaultContentLanguage, type ContentLanguage } from '../../../shared/schemas/content';
import { escapeMarkdown } from './markdown';

/*
 * The variables a page may use, written {{seller.name}}. Their values come from Settings and the
 * business rules at render time, so a page never states a rule or a name that differs from what
 * the shop applies. An unknown variable is refused when the page is saved.
 */

export interface VariableSources {
  shopName: string;
  seller: { name: string; address: string; taxId: string };
  rules: BusinessRules;
  /** The words of the values that are words ('pageVar.*' in content.json, staff's edits over them), per language; English without. */
  words?: Partial<Record<ContentLanguage, Say>>;
}

/** The page's language, and its words for the values: a German page says 'etwa 2 Stunden'. */
interface In {
  language: ContentLanguage;
  say(key: string, values: Record<string, string | number>, english: string): string;
}

interface Variable {
  description: string;
  /** Plain text (escaped for Markdown) unless `markdown` says the value is Markdown itself. */
  value(s: VariableSources, page: In): string;
  markdown?: boolean;
}

function pageIn(sources: VariableSources, language: ContentLanguage): In {
  const say = sources.words?.[language];
  return { language, say: (key, values, english) => say?.(key, values) ?? english };
}

const notSet = (what: string) => `(${what} not set in Settings)`;

/** "about 2 hours", "about 45 minutes": a reply target in the page's language. */
function aboutMinutes(minutes: number, page: In): string {
  if (minutes % 60 !== 0) return page.say('pageVar.replyMinutes', { count: minutes }, `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  const hours = minutes / 60;
  return page.say('pageVar.replyHours', { count: hours }, `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`);
}

/** "99.5%" in English, "99,5 %" in German: a share as the page's language writes it. */
function percent(value: number, page: In): string {
  return new Intl.NumberFormat(page.language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/** The mildest breach's threshold: the monthly uptime below which a credit is owed, or null with no tiers. */
function uptimeTarget(rules: BusinessRules): number | null {
  return rules.slaCredits.length ? Math.max(...rules.slaCredits.map((c) => c.belowPercent)) : null;
}

// Rules staff set in Settings → Business rules come from there; the others are still shared/policy.ts constants.
const variables: Record<string, Variable> = {
  'shop.name': { description: "The shop's name", value: (s) => s.shopName },
  'seller.name': { description: 'The legal name of the seller (Settings)', value: (s) => s.seller.name || notSet('Seller name') },
  'seller.address': {
    description: 'The postal address of the seller, on one line (Settings)',
    value: (s) => s.seller.address.replace(/\s*\n\s*/g, ', ') || notSet('Seller address'),
  },
  'seller.taxId': { description: 'The tax or VAT ID of the seller (Settings)', value: (s) => s.seller.taxId || notSet('Seller tax ID') },
  'rules.refundWindowHours': { description: 'Hours within which a new service can be refunded', value: (s) => String(s.rules.refundWindowHours) },
  'rules.refundProcessingDays': { description: 'Business days a refund takes to arrive', value: (s) => refundProcessingDays(s.rules) },
  'rules.paymentRetryDays': { description: 'Days between retries of a failed renewal payment', value: () => String(policy.paymentRetryDays) },
  'rules.suspendAfterDays': { description: 'Days unpaid before a service is suspended', value: (s) => String(s.rules.suspendAfterDays) },
  'rules.deleteAfterDays': { description: 'Days unpaid before a service is deleted', value: (s) => String(s.rules.deleteAfterDays) },
  'rules.backupKeptAfterCancelDays': { description: 'Days the last backup is kept after cancelling', value: () => String(policy.backupKeptAfterCancelDays) },
  'rules.priceChangeNoticeDays': { description: "Days' notice before a price change reaches renewals", value: () => String(policy.priceChangeNoticeDays) },
  'rules.slaClaimWithinDays': { description: 'Days within which an SLA credit can be claimed (Settings)', value: (s) => String(s.rules.slaClaimWithinDays) },
  'rules.slaCreditCapPercent': {
    description: 'The most a month\'s SLA credits can come to, in percent of the monthly fee (Settings)',
    value: (s) => String(s.rules.slaCreditCapPercent),
  },
  'rules.supportTechnicalReply': {
    description: 'The target for a first reply to a technical question, such as "about 2 hours"',
    value: (s, page) => aboutMinutes(s.rules.support.technicalMinutes, page),
  },
  'rules.supportBillingReply': { description: 'The target for a first reply to a billing question', value: (s, page) => aboutMinutes(s.rules.support.billingMinutes, page) },
  'rules.supportSalesReply': { description: 'The target for a first reply to a sales question', value: (s, page) => aboutMinutes(s.rules.support.salesMinutes, page) },
  'rules.slaUptimeTarget': {
    description: 'The monthly uptime below which an SLA credit is owed: the highest threshold of the credit tiers, such as "99.5%"',
    value: (s, page) => {
      const target = uptimeTarget(s.rules);
      return target === null ? notSet('SLA credit tiers') : percent(target, page);
    },
  },
  'rules.slaCreditTable': {
    description: 'A table of the SLA credit tiers',
    markdown: true,
    value: (s, page) =>
      [
        `| ${page.say('pageVar.creditTable.uptime', {}, 'Monthly uptime')} | ${page.say('pageVar.creditTable.credit', {}, 'Credit')} |`,
        '| --- | --- |',
        ...s.rules.slaCredits.map((c) => {
          const below = percent(c.belowPercent, page);
          const share = percent(c.creditPercent, page);
          return `| ${page.say('pageVar.creditTable.below', { percent: below }, `Below ${below}`)} | ${page.say('pageVar.creditTable.share', { percent: share }, `${share} of the monthly fee`)} |`;
        }),
      ].join('\n'),
  },
};

export const variableList = Object.entries(variables).map(([name, v]) => ({ name, description: v.description }));

const pattern = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The names used in `body` that are not variables, in order of first use. */
export function unknownVariables(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(pattern)) if (!(match[1]! in variables)) unknown.add(match[1]!);
  return [...unknown];
}

/** `body` with each variable replaced by its value in `language`; an unknown one is left as written. */
export function fillVariables(body: string, sources: VariableSources, language: ContentLanguage = defaultContentLanguage): string {
  const page = pageIn(sources, language);
  return body.replace(pattern, (whole, name: string) => {
    const variable = variables[name];
    if (!variable) return whole;
    const value = variable.value(sources, page);
    return variable.markdown ? `\n\n${value}\n\n` : escapeMarkdown(value);
  });
}

/** `text` (a title or summary, shown as plain text) with each plain variable replaced by its value, unescaped. */
export function fillPlainVariables(text: string, sources: VariableSources, language: ContentLanguage = defaultContentLanguage): string {
  const page = pageIn(sources, language);
  return text.replace(pattern, (whole, name: string) => {
    const variable = variables[name];
    return variable && !variable.markdown ? variable.value(sources, page) : whole;
  });
}
