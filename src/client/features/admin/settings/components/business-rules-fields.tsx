import { Field, Input } from '../../../../components/ui/field';
import { Switch } from '../../../../components/ui/switch';
import { ExtraCurrencyMinimums } from './extra-currency-minimums';

export interface RulesForm {
  refundWindowHours: string;
  refundDaysMin: string;
  refundDaysMax: string;
  suspendAfterDays: string;
  deleteAfterDays: string;
  slaCredits: { belowPercent: string; creditPercent: string }[];
  slaClaimWithinDays: string;
  slaCreditCapPercent: string;
  affiliateEnabled: boolean;
  commissionPercent: string;
  commissionMonths: string;
  minimumPayout: string;
  /** Per extra currency, in major units; empty or missing: its smallest card payment (decision 080). */
  minimumPayoutByCurrency: Record<string, string>;
  technicalMinutes: string;
  billingMinutes: string;
  salesMinutes: string;
  hoursText: string;
  reason: string;
}

type TextKey =
  | 'refundWindowHours'
  | 'refundDaysMin'
  | 'refundDaysMax'
  | 'suspendAfterDays'
  | 'deleteAfterDays'
  | 'commissionPercent'
  | 'commissionMonths'
  | 'minimumPayout'
  | 'technicalMinutes'
  | 'billingMinutes'
  | 'salesMinutes'
  | 'hoursText';

interface Props {
  form: RulesForm;
  errors: Record<string, string>;
  currencyCode: string;
  /** The shop's extra currencies, lower-case ISO codes. */
  extras: string[];
  change: (patch: Partial<RulesForm>, ...cleared: string[]) => void;
}

/** The refund, dunning and affiliate numbers of Settings → Business rules; errors keyed as the server names them. */
export function BusinessRulesFields({ form, errors, currencyCode, extras, change }: Props) {
  function text(key: TextKey, errorKey: string, label: string, hint: string, inputMode: 'numeric' | 'decimal' | 'text' = 'numeric') {
    return (
      <Field label={label} error={errors[errorKey]} hint={hint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            inputMode={inputMode}
            aria-describedby={describedBy}
            aria-invalid={Boolean(errors[errorKey])}
            value={form[key]}
            onChange={(e) => change({ [key]: e.target.value }, errorKey)}
          />
        )}
      </Field>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('refundWindowHours', 'refundWindowHours', 'Refund window (hours)', 'A full refund is allowed this long after payment; 0 turns it off.')}
        {text('suspendAfterDays', 'suspendAfterDays', 'Suspend after (days unpaid)', 'Counted from the renewal date.')}
        {text('deleteAfterDays', 'deleteAfterDays', 'Delete after (days unpaid)', 'Must be later than the suspension.')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('refundDaysMin', 'refundDaysMin', 'Refund arrives after (fewest business days)', 'What customers are told a card refund takes, as "5-7 business days".')}
        {text('refundDaysMax', 'refundDaysMax', 'Refund arrives within (most business days)', 'The same as the fewest gives one figure: "5 business days".')}
      </div>
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold">Affiliate programme</legend>
        <Switch
          label="Affiliate programme open"
          description="When closed, nobody can join and no new commission is earned; commission already earned can still be paid out."
          checked={form.affiliateEnabled}
          onCheckedChange={(checked) => change({ affiliateEnabled: checked })}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          {text('commissionPercent', 'affiliate.commissionPercent', 'Commission (%)', 'Of each payment a referred customer makes.')}
          {text('commissionMonths', 'affiliate.commissionMonths', 'Commission lasts (months)', 'After the referral signs up; leave empty for as long as they pay.')}
          {text('minimumPayout', 'affiliate.minimumPayoutCents', `Minimum payout (${currencyCode})`, 'The least an affiliate can ask to be paid out.', 'decimal')}
        </div>
        <ExtraCurrencyMinimums
          extras={extras}
          values={form.minimumPayoutByCurrency}
          errors={errors}
          onChange={(currency, value) =>
            change({ minimumPayoutByCurrency: { ...form.minimumPayoutByCurrency, [currency]: value } }, `affiliate.minimumPayoutByCurrency.${currency}`)
          }
        />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold">Support page</legend>
        <p className="text-xs text-muted">The /support page states these as the shop's aim for a first reply, not as a measured time.</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('technicalMinutes', 'support.technicalMinutes', 'Technical reply target (minutes)', 'Crashes, mods and connection problems.')}
          {text('billingMinutes', 'support.billingMinutes', 'Billing reply target (minutes)', 'Invoices, payments and refunds.')}
          {text('salesMinutes', 'support.salesMinutes', 'Sales reply target (minutes)', 'Questions before buying.')}
        </div>
        {text('hoursText', 'support.hoursText', 'Support hours (optional)', 'Shown as written, such as "Monday to Friday, 9:00-18:00 CET". Leave empty and the page says nothing about hours.', 'text')}
      </fieldset>
    </>
  );
}
