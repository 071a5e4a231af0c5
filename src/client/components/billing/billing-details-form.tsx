import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { countryName, countryOptions } from '../../../shared/countries';
import { normalizeVatId, vatIdMessages } from '../../../shared/vat-ids';
import { billingDetailsInputSchema, regionRequiredPattern, type BillingDetails, type BillingDetailsInput } from '../../../shared/schemas/tax';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { useLocale, useT, type Translate } from '../../lib/i18n';
import type { PublicKey } from '../../../shared/i18n/keys';
import { Field, Input } from '../ui/field';
import { Select } from '../ui/select';
import { VatIdStatus } from './vat-id-status';

export type BillingDetailsValues = Required<BillingDetailsInput>;

const empty: BillingDetailsValues = { name: '', address: '', country: '', region: '', postalCode: '', vatId: '' };

export function billingValuesOf(details: BillingDetails | null | undefined): BillingDetailsValues {
  if (!details) return empty;
  const { name, address, country, region, postalCode, vatId } = details;
  return { name, address, country, region, postalCode, vatId };
}

/** The schema's words (shared/schemas/tax.ts, in English as the server says them) in the page's language. */
const problemKeys: Record<string, PublicKey> = {
  'Enter your name or company': 'billing.problem.name',
  'Please keep the name under 200 characters': 'billing.problem.nameLong',
  'Please keep the address under 300 characters': 'billing.problem.addressLong',
  'Please keep the region under 100 characters': 'billing.problem.regionLong',
  'Enter a postal code of letters, digits, spaces or dashes': 'billing.problem.postalCode',
  'That postal code is too long': 'billing.problem.postalCodeLong',
  'That VAT ID is too long': 'billing.problem.vatIdLong',
  'Choose a country': 'billing.problem.country',
  'Choose a country from the list': 'billing.problem.countryList',
  [vatIdMessages.prefix]: 'billing.problem.vatPrefix',
  [vatIdMessages.shape]: 'billing.problem.vatShape',
};

function translated(t: Translate, problems: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([field, text]) => [field, problemKeys[text] ? t(problemKeys[text]) : text]));
}

/** The first message zod gives for each field, as the server would name them. */
function problemsOf(values: BillingDetailsValues): Record<string, string> {
  const parsed = billingDetailsInputSchema.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Name or company, address, country, region, postal code and an optional EU VAT ID, checked with
 * the same schema as the server before anything is sent. `onSubmit` saves them (and may go on to
 * the payment); a refusal from the server shows on its field.
 */
export function BillingDetailsForm({
  initial,
  regions,
  onSubmit,
  actions,
  saved,
}: {
  initial: BillingDetailsValues;
  /** Regions with rates of their own, per country (GET /api/tax/terms). */
  regions: Record<string, string[]>;
  onSubmit: (values: BillingDetailsValues) => Promise<void>;
  /** The submit button and anything beside it; rendered inside the form. */
  actions: (state: { pending: boolean }) => ReactNode;
  /** The saved details: where their VAT ID stands with VIES, shown while the field still holds it. */
  saved?: BillingDetails | null;
}) {
  const t = useT();
  const locale = useLocale();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const regionListId = useId();
  const countryRegions = regions[values.country] ?? [];

  const set = (key: keyof BillingDetailsValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = translated(t, problemsOf(values));
    if (countryRegions.length > 0 && !values.region.trim()) {
      problems.region ??= t('billing.regionRequired', { country: countryName(values.country, locale) });
    }
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields = translated(t, error.fields);
        // The server knew of regions the page did not (staff added a rate since it loaded): its refusal in the page's language.
        if (fields.region && regionRequiredPattern.test(fields.region)) fields.region = t('billing.regionRequired', { country: countryName(values.country, locale) });
        setErrors(fields);
      }
      setFormError(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={(e) => void submit(e)}>
      <div className="sm:col-span-2">
        <Field label={t('billing.name')} error={errors.name} hint={t('billing.nameHint')}>
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.name)} autoComplete="organization" value={values.name} onChange={(e) => set('name')(e.target.value)} />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label={t('billing.address')} error={errors.address}>
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.address)} autoComplete="street-address" value={values.address} onChange={(e) => set('address')(e.target.value)} />
          )}
        </Field>
      </div>
      <Field label={t('billing.country')} error={errors.country}>
        {({ id, describedBy }) => (
          <Select id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.country)} autoComplete="country" value={values.country} onChange={(e) => set('country')(e.target.value)}>
            <option value="">{t('billing.chooseCountry')}</option>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={countryRegions.length > 0 ? t('billing.region') : t('billing.regionOptional')}
        error={errors.region}
        hint={countryRegions.length > 0 ? t('billing.regionHint', { country: countryName(values.country, locale), examples: countryRegions.slice(0, 3).join(', ') }) : undefined}
      >
        {({ id, describedBy }) => (
          <>
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.region)}
              autoComplete="address-level1"
              list={countryRegions.length > 0 ? regionListId : undefined}
              value={values.region}
              onChange={(e) => set('region')(e.target.value)}
            />
            {countryRegions.length > 0 && (
              <datalist id={regionListId}>
                {countryRegions.map((r) => (
                  <option key={r} value={r} />
                ))}
              </datalist>
            )}
          </>
        )}
      </Field>
      <Field label={t('billing.postalCode')} error={errors.postalCode}>
        {({ id, describedBy }) => (
          <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.postalCode)} autoComplete="postal-code" value={values.postalCode} onChange={(e) => set('postalCode')(e.target.value)} />
        )}
      </Field>
      <Field
        label={t('billing.vatId')}
        error={errors.vatId}
        hint={t('billing.vatIdHint')}
      >
        {({ id, describedBy }) => (
          <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.vatId)} autoComplete="off" spellCheck={false} value={values.vatId} onChange={(e) => set('vatId')(e.target.value)} />
        )}
      </Field>
      {saved?.vatId && saved.vatId === normalizeVatId(values.vatId) && (
        <div className="sm:col-span-2">
          <VatIdStatus state={saved} />
        </div>
      )}
      {formError && (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">{actions({ pending })}</div>
    </form>
  );
}
