import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { currencySettingsInputSchema, type CurrencySettings } from '../../../../../shared/schemas/admin/settings';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useCurrencySettings, useSaveCurrency } from '../api/currency-settings';
import { ExtraCurrenciesForm } from './extra-currencies-form';
import { issuesByField } from './issues';

/** The currency the shop sells in, fixed once anything was sold (decision 053), and the extra ones (decision 063). */
export function CurrencyCard() {
  const { data, isError } = useCurrencySettings();
  return (
    <Card>
      <h2 className="text-lg font-bold">Currency</h2>
      <p className="mt-1 text-sm text-muted">
        The currency of every price in the catalog, and of every order, invoice and credit. Prices are kept as you enter them, never converted.
      </p>
      {isError && <p className="mt-4 text-danger">We could not load the currency. Please refresh the page.</p>}
      {data && <CurrencyForm key={data.currency} settings={data} />}
      {data && <ExtraCurrenciesForm key={data.extras.map((e) => e.currency).join()} settings={data} />}
    </Card>
  );
}

function CurrencyForm({ settings }: { settings: CurrencySettings }) {
  const [form, setForm] = useState({ currency: settings.currency, reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCurrency();

  if (settings.locked) {
    return (
      <p className="mt-4 text-sm">
        The shop sells in <strong>{settings.currency.toUpperCase()}</strong>. Orders were already paid in it, so it can no longer change: a change would
        re-label the prices of every existing order and service.
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = currencySettingsInputSchema.safeParse(form);
    const problems = parsed.success ? {} : issuesByField(parsed.error);
    if (form.currency === settings.currency) problems.currency ??= 'Choose another currency than the current one';
    setErrors(problems);
    if (!parsed.success || Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(parsed.data);
      toast.success(`The shop now sells in ${parsed.data.currency.toUpperCase()}`, { description: 'Check the catalog prices: they keep their figures.' });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not change the currency', { description: errorMessage(error) });
    }
  }

  return (
    <form className="mt-6 grid gap-4 sm:grid-cols-2" noValidate onSubmit={(e) => void submit(e)}>
      <Field label="Shop currency" error={errors.currency} hint="Can change only until the first order is paid.">
        {({ id, describedBy }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={Boolean(errors.currency)}
            value={form.currency}
            onChange={(e) => {
              setForm((f) => ({ ...f, currency: e.target.value }));
              setErrors((x) => ({ ...x, currency: '' }));
            }}
          >
            {settings.choices.map((code) => (
              <option key={code} value={code}>
                {code.toUpperCase()}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <Field label="Reason" error={errors.reason} hint="Kept in the audit log.">
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              rows={2}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.reason)}
              value={form.reason}
              onChange={(e) => {
                setForm((f) => ({ ...f, reason: e.target.value }));
                setErrors((x) => ({ ...x, reason: '' }));
              }}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Change currency'}
        </Button>
      </div>
    </form>
  );
}
