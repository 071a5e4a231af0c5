import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { businessRulesInputSchema, type BusinessRules } from '../../../../../shared/business-rules';
import { parseMajor, toMajor } from '../../../../../shared/currency';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useShopSettings, useSaveBusinessRules } from '../api/business-rules-settings';
import { useCurrencySettings } from '../api/currency-settings';
import { BusinessRulesFields, type RulesForm } from './business-rules-fields';

/** Settings → Business rules: refunds, dunning, SLA credits, the affiliate programme and the support page's reply targets (decision 055). */
export function BusinessRulesCard() {
  const settings = useShopSettings();
  const currency = useCurrencySettings();
  const failed = settings.isError || currency.isError;
  return (
    <Card>
      <h2 className="text-lg font-bold">Business rules</h2>
      <p className="mt-1 text-sm text-muted">
        What billing, dunning and the affiliate programme do, and what the Refund policy, SLA and Terms pages state through their variables.
      </p>
      {failed && <p className="mt-4 text-danger">We could not load the business rules. Please refresh the page.</p>}
      {settings.data && currency.data && (
        <RulesEditor
          key={JSON.stringify(settings.data.rules)}
          rules={settings.data.rules}
          currency={currency.data.currency}
          extras={currency.data.extras.map((e) => e.currency)}
        />
      )}
    </Card>
  );
}

function toForm(rules: BusinessRules, currency: string): RulesForm {
  return {
    refundWindowHours: String(rules.refundWindowHours),
    refundDaysMin: String(rules.refundDaysMin),
    refundDaysMax: String(rules.refundDaysMax),
    suspendAfterDays: String(rules.suspendAfterDays),
    deleteAfterDays: String(rules.deleteAfterDays),
    slaCredits: rules.slaCredits.map((t) => ({ belowPercent: String(t.belowPercent), creditPercent: String(t.creditPercent) })),
    slaClaimWithinDays: String(rules.slaClaimWithinDays),
    slaCreditCapPercent: String(rules.slaCreditCapPercent),
    affiliateEnabled: rules.affiliate.enabled,
    commissionPercent: String(rules.affiliate.commissionPercent),
    commissionMonths: rules.affiliate.commissionMonths === null ? '' : String(rules.affiliate.commissionMonths),
    minimumPayout: String(toMajor(rules.affiliate.minimumPayoutCents, currency)),
    minimumPayoutByCurrency: Object.fromEntries(
      Object.entries(rules.affiliate.minimumPayoutByCurrency ?? {}).map(([code, minor]) => [code, String(toMajor(minor, code))]),
    ),
    technicalMinutes: String(rules.support.technicalMinutes),
    billingMinutes: String(rules.support.billingMinutes),
    salesMinutes: String(rules.support.salesMinutes),
    hoursText: rules.support.hoursText,
    reason: '',
  };
}

/** Text fields to numbers; a blank or malformed one becomes NaN, which the schema names. */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The typed per-currency minimums in minor units, for the extras sold now only (a currency no longer
 * sold is dropped); a blank one is left out, and a malformed one is named in `problems`.
 */
function extraMinimums(form: RulesForm, extras: string[], problems: Record<string, string>): Record<string, number> {
  const minimums: Record<string, number> = {};
  for (const code of extras) {
    const text = form.minimumPayoutByCurrency[code]?.trim() ?? '';
    if (text === '') continue;
    const minor = parseMajor(text, code);
    if (minor === null) problems[`affiliate.minimumPayoutByCurrency.${code}`] = `Enter the minimum payout as an amount in ${code.toUpperCase()}, or leave it empty`;
    else minimums[code] = minor;
  }
  return minimums;
}

function RulesEditor({ rules, currency, extras }: { rules: BusinessRules; currency: string; extras: string[] }) {
  const [form, setForm] = useState(() => toForm(rules, currency));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBusinessRules();
  const code = currency.toUpperCase();

  function change(patch: Partial<RulesForm>, ...cleared: string[]) {
    setForm((f) => ({ ...f, ...patch }));
    if (cleared.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.some((c) => k.startsWith(c)))));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minimum = parseMajor(form.minimumPayout, currency);
    const problems: Record<string, string> = {};
    const minimumPayoutByCurrency = extraMinimums(form, extras, problems);
    const parsed = businessRulesInputSchema.safeParse({
      refundWindowHours: num(form.refundWindowHours),
      refundDaysMin: num(form.refundDaysMin),
      refundDaysMax: num(form.refundDaysMax),
      suspendAfterDays: num(form.suspendAfterDays),
      deleteAfterDays: num(form.deleteAfterDays),
      slaCredits: form.slaCredits.map((t) => ({ belowPercent: num(t.belowPercent), creditPercent: num(t.creditPercent) })),
      slaClaimWithinDays: num(form.slaClaimWithinDays),
      slaCreditCapPercent: num(form.slaCreditCapPercent),
      affiliate: {
        enabled: form.affiliateEnabled,
        commissionPercent: num(form.commissionPercent),
        commissionMonths: form.commissionMonths.trim() === '' ? null : num(form.commissionMonths),
        minimumPayoutCents: minimum ?? 0,
        minimumPayoutByCurrency,
      },
      support: {
        technicalMinutes: num(form.technicalMinutes),
        billingMinutes: num(form.billingMinutes),
        salesMinutes: num(form.salesMinutes),
        hoursText: form.hoursText,
      },
      reason: form.reason,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'form'] ??= issue.message;
    if (minimum === null) problems['affiliate.minimumPayoutCents'] = `Enter the minimum payout as an amount in ${code}, such as 50`;
    setErrors(problems);
    if (!parsed.success || Object.keys(problems).length > 0) {
      toast.error('Check the highlighted fields');
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      toast.success('Business rules saved', { description: 'Billing, dunning, the affiliate programme and the pages that state them follow them now.' });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not save the business rules', { description: errorMessage(error) });
    }
  }

  const tiers = form.slaCredits;
  return (
    <form className="mt-6 grid gap-5" noValidate onSubmit={(e) => void submit(e)}>
      <BusinessRulesFields form={form} errors={errors} currencyCode={code} extras={extras} change={change} />
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold">SLA credit tiers</legend>
        <p className="text-xs text-muted">Each tier: a month's measured uptime below the threshold earns the credit, as a share of that month's fee.</p>
        {errors.slaCredits && <p className="text-xs text-danger" role="alert">{errors.slaCredits}</p>}
        {tiers.map((tier, i) => (
          <div key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <Field label={`Tier ${i + 1}: uptime below (%)`} error={errors[`slaCredits.${i}.belowPercent`]}>
              {({ id, describedBy }) => (
                <Input id={id} inputMode="decimal" aria-describedby={describedBy} aria-invalid={Boolean(errors[`slaCredits.${i}.belowPercent`])} value={tier.belowPercent}
                  onChange={(e) => change({ slaCredits: tiers.map((t, j) => (j === i ? { ...t, belowPercent: e.target.value } : t)) }, `slaCredits.${i}`)} />
              )}
            </Field>
            <Field label={`Tier ${i + 1}: credit (%)`} error={errors[`slaCredits.${i}.creditPercent`]}>
              {({ id, describedBy }) => (
                <Input id={id} inputMode="numeric" aria-describedby={describedBy} aria-invalid={Boolean(errors[`slaCredits.${i}.creditPercent`])} value={tier.creditPercent}
                  onChange={(e) => change({ slaCredits: tiers.map((t, j) => (j === i ? { ...t, creditPercent: e.target.value } : t)) }, `slaCredits.${i}`)} />
              )}
            </Field>
            <Button type="button" variant="outline" aria-label={`Remove tier ${i + 1}`} onClick={() => change({ slaCredits: tiers.filter((_, j) => j !== i) }, 'slaCredits')}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        {tiers.length < 6 && (
          <div>
            <Button type="button" variant="outline" onClick={() => change({ slaCredits: [...tiers, { belowPercent: '', creditPercent: '' }] })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Add a tier
            </Button>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Credits claimable within (days)" error={errors.slaClaimWithinDays} hint="After the month the credit is owed for; the SLA and About pages state it.">
            {({ id, describedBy }) => (
              <Input id={id} inputMode="numeric" aria-describedby={describedBy} aria-invalid={Boolean(errors.slaClaimWithinDays)} value={form.slaClaimWithinDays}
                onChange={(e) => change({ slaClaimWithinDays: e.target.value }, 'slaClaimWithinDays')} />
            )}
          </Field>
          <Field label="Credit cap (% of the month's fee)" error={errors.slaCreditCapPercent} hint="The most a month's credits come to; not below the largest tier's credit.">
            {({ id, describedBy }) => (
              <Input id={id} inputMode="numeric" aria-describedby={describedBy} aria-invalid={Boolean(errors.slaCreditCapPercent)} value={form.slaCreditCapPercent}
                onChange={(e) => change({ slaCreditCapPercent: e.target.value }, 'slaCreditCapPercent')} />
            )}
          </Field>
        </div>
      </fieldset>
      <Field label="Reason for the change" error={errors.reason} hint="These rules move money: the reason is kept in the audit log.">
        {({ id, describedBy }) => (
          <Textarea id={id} rows={2} aria-describedby={describedBy} aria-invalid={Boolean(errors.reason)} value={form.reason} onChange={(e) => change({ reason: e.target.value }, 'reason')} />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save business rules'}
        </Button>
      </div>
    </form>
  );
}
