import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { countryOptions } from '../../../../../shared/countries';
import { taxRateInputSchema, type TaxRate } from '../../../../../shared/schemas/admin/settings';
import { formatRate } from '../../../../../shared/tax';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useCreateTaxRate } from '../api/create-tax-rate';
import { useUpdateTaxRate } from '../api/update-tax-rate';
import { issuesByField } from './issues';

/** Adds a rate, or changes one; both need a reason, since they change what customers pay. */
export function TaxRateDialog({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) {
  const [form, setForm] = useState({
    country: rate?.country ?? '',
    region: rate?.region ?? '',
    name: rate?.name ?? 'VAT',
    ratePercent: rate ? formatRate(rate.rate).replace('%', '') : '',
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTaxRate();
  const update = useUpdateTaxRate();
  const pending = create.isPending || update.isPending;
  const countries = useMemo(() => countryOptions(), []);

  function set(key: keyof typeof form, value: string) {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = taxRateInputSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    // Sent as typed: the server parses the percent with the same schema.
    const input = { ...form, ratePercent: form.ratePercent.trim() };
    try {
      const saved = rate ? await update.mutateAsync({ id: rate.id, input }) : await create.mutateAsync(input);
      toast.success(rate ? 'Tax rate changed' : 'Tax rate added', {
        description: `${saved.name} ${saved.label} for ${saved.countryName}${saved.region ? `, ${saved.region}` : ''}.`,
      });
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(rate ? 'Could not change the rate' : 'Could not add the rate', { description: errorMessage(error) });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={rate ? `Change ${rate.name} for ${rate.countryName}` : 'Add a tax rate'}
      description="Applies to new orders and to renewals invoiced from now on. Documents already issued do not change."
    >
      <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Country" error={errors.country}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.country)} value={form.country} onChange={(e) => set('country', e.target.value)}>
              <option value="">Choose a country</option>
              {countries.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Region (optional)" error={errors.region} hint="Empty for the whole country; else as customers enter it, e.g. NY.">
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.region)} value={form.region} onChange={(e) => set('region', e.target.value)} />
          )}
        </Field>
        <Field label="Tax name" error={errors.name} hint="Printed on invoices, e.g. VAT, GST, Sales tax.">
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.name)} value={form.name} onChange={(e) => set('name', e.target.value)} />
          )}
        </Field>
        <Field label="Rate (%)" error={errors.ratePercent} hint="From 0 to 100, up to three decimals.">
          {({ id, describedBy }) => (
            <Input id={id} inputMode="decimal" aria-describedby={describedBy} aria-invalid={Boolean(errors.ratePercent)} value={form.ratePercent} onChange={(e) => set('ratePercent', e.target.value)} />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field label="Reason" error={errors.reason} hint="Kept in the audit log. At least 3 characters.">
            {({ id, describedBy }) => (
              <Textarea id={id} rows={2} aria-describedby={describedBy} aria-invalid={Boolean(errors.reason)} value={form.reason} onChange={(e) => set('reason', e.target.value)} />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : rate ? 'Save rate' : 'Add rate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
