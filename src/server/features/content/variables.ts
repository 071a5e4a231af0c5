import { formatUptimePercent, type BusinessRules } from '../../../shared/business-rules';
import { policy } from '../../../shared/policy';
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
}

interface Variable {
  description: string;
  /** Plain text (escaped for Markdown) unless `markdown` says the value is Markdown itself. */
  value(s: VariableSources): string;
  markdown?: boolean;
}

const notSet = (what: string) => `(${what} not set in Settings)`;

/** "about 2 hours", "about 45 minutes": a reply target in the pages' English. */
function aboutMinutes(minutes: number): string {
  if (minutes % 60 !== 0) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = minutes / 60;
  return `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
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
  'rules.refundProcessingDays': { description: 'Business days a refund takes to arrive', value: () => policy.refundProcessingBusinessDays },
  'rules.paymentRetryDays': { description: 'Days between retries of a failed renewal payment', value: () => String(policy.paymentRetryDays) },
  'rules.suspendAfterDays': { description: 'Days unpaid before a service is suspended', value: (s) => String(s.rules.suspendAfterDays) },
  'rules.deleteAfterDays': { description: 'Days unpaid before a service is deleted', value: (s) => String(s.rules.deleteAfterDays) },
  'rules.backupKeptAfterCancelDays': { description: 'Days the last backup is kept after cancelling', value: () => String(policy.backupKeptAfterCancelDays) },
  'rules.priceChangeNoticeDays': { description: "Days' notice before a price change reaches renewals", value: () => String(policy.priceChangeNoticeDays) },
  'rules.slaClaimWithinDays': { description: 'Days within which an SLA credit can be claimed', value: () => String(policy.sla.claimWithinDays) },
  'rules.slaCreditCapPercent': { description: 'The most an SLA credit can be, in percent of the monthly fee', value: () => String(policy.sla.creditCapPercent) },
  'rules.supportTechnicalReply': { description: 'The target for a first reply to a technical question, such as "about 2 hours"', value: (s) => aboutMinutes(s.rules.support.technicalMinutes) },
  'rules.supportBillingReply': { description: 'The target for a first reply to a billing question', value: (s) => aboutMinutes(s.rules.support.billingMinutes) },
  'rules.supportSalesReply': { description: 'The target for a first reply to a sales question', value: (s) => aboutMinutes(s.rules.support.salesMinutes) },
  'rules.slaCreditTable': {
    description: 'A table of the SLA credit tiers',
    markdown: true,
    value: (s) =>
      [
        '| Monthly uptime | Credit |',
        '| --- | --- |',
        ...s.rules.slaCredits.map((c) => `| Below ${formatUptimePercent(c.belowPercent)} | ${c.creditPercent}% of the monthly fee |`),
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

/** `body` with each variable replaced by its value; an unknown one is left as written. */
export function fillVariables(body: string, sources: VariableSources): string {
  return body.replace(pattern, (whole, name: string) => {
    const variable = variables[name];
    if (!variable) return whole;
    const value = variable.value(sources);
    return variable.markdown ? `\n\n${value}\n\n` : escapeMarkdown(value);
  });
}

/** `text` (a title or summary, shown as plain text) with each plain variable replaced by its value, unescaped. */
export function fillPlainVariables(text: string, sources: VariableSources): string {
  return text.replace(pattern, (whole, name: string) => {
    const variable = variables[name];
    return variable && !variable.markdown ? variable.value(sources) : whole;
  });
}
