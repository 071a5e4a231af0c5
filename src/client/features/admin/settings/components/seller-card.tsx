import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { countryOptions } from '../../../../../shared/countries';
import { storeSettingsInputSchema, type StoreSettings } from '../../../../../shared/schemas/admin/settings';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { Switch } from '../../../../components/ui/switch';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useSaveStoreSettings } from '../api/save-store-settings';
import { issuesByField } from './issues';

/** The seller printed on invoices and credit notes, and whether catalog prices include tax. */
export function SellerCard({ store }: { store: StoreSettings }) {
  const [form, setForm] = useState({
    sellerName: store.sellerName,
    sellerAddress: store.sellerAddress,
    sellerCountry: store.sellerCountry ?? '',
    sellerTaxId: store.sellerTaxId,
    pricesIncludeTax: store.pricesIncludeTax,
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveStoreSettings();
  const countries = useMemo(() => countryOptions(), []);
  const basisChanged = form.pricesIncludeTax !== store.pricesIncludeTax;

  function set<K extends keyof typeof form>(key: K, value: (typeof form)[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = storeSettingsInputSchema.safeParse(form);
    const problems = parsed.success ? {} : issuesByField(parsed.error);
    if (basisChanged && form.reason.trim().length < 3) problems.reason ??= 'Say in a few words why prices change to include or exclude tax';
    setErrors(problems);
    if (!parsed.success || Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(parsed.data);
      setForm((f) => ({ ...f, reason: '' }));
      toast.success('Store settings saved', { description: 'New invoices and credit notes carry these details.' });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not save the settings', { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Seller on invoices</h2>
      <p className="mt-1 text-sm text-muted">
        Your legal entity, printed on every invoice and credit note from now on. Documents already issued keep what they were issued with.
      </p>
      <form className="mt-6 grid gap-4 sm:grid-cols-2" noValidate onSubmit={(e) => void submit(e)}>
        <div className="sm:col-span-2">
          <Field label="Legal name" error={errors.sellerName}>
            {({ id, describedBy }) => (
              <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.sellerName)} value={form.sellerName} onChange={(e) => set('sellerName', e.target.value)} />
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field label="Address" error={errors.sellerAddress} hint="One line per line of the address.">
            {({ id, describedBy }) => (
              <Textarea id={id} rows={3} aria-describedby={describedBy} aria-invalid={Boolean(errors.sellerAddress)} value={form.sellerAddress} onChange={(e) => set('sellerAddress', e.target.value)} />
            )}
          </Field>
        </div>
        <Field label="Country" error={errors.sellerCountry} hint="EU businesses from other member states are invoiced under reverse charge.">
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.sellerCountry)} value={form.sellerCountry} onChange={(e) => set('sellerCountry', e.target.value)}>
              <option value="">Choose a country</option>
              {countries.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Tax ID" error={errors.sellerTaxId} hint="Your VAT or tax registration number. An EU VAT ID here goes with each VIES check of a customer's VAT ID, so VIES answers a consultation number, the proof printed on their invoices.">
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.sellerTaxId)} value={form.sellerTaxId} onChange={(e) => set('sellerTaxId', e.target.value)} />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Switch
            label="Prices include tax"
            description={
              form.pricesIncludeTax
                ? 'Catalog prices are what customers pay; the tax is worked out inside them. Running services keep the basis they were sold with.'
                : 'Catalog prices are before tax; the tax is added on top at checkout. Running services keep the basis they were sold with.'
            }
            checked={form.pricesIncludeTax}
            onCheckedChange={(checked) => set('pricesIncludeTax', checked)}
          />
        </div>
        {basisChanged && (
          <div className="sm:col-span-2">
            <Field label="Reason" error={errors.reason} hint="This changes what new orders pay, so it is kept in the audit log.">
              {({ id, describedBy }) => (
                <Textarea id={id} rows={2} aria-describedby={describedBy} aria-invalid={Boolean(errors.reason)} value={form.reason} onChange={(e) => set('reason', e.target.value)} />
              )}
            </Field>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save store settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
