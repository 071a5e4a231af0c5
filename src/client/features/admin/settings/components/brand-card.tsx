import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { socialLabels, socialNetworks, type Brand, type SocialNetwork } from '../../../../../shared/brand';
import { brandInputSchema } from '../../../../../shared/schemas/brand';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { primeBrand } from '../../../../lib/brand';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useShopSettings } from '../api/business-rules-settings';
import { useSaveBrand } from '../api/brand-settings';
import { BrandColorCheck } from './brand-color-check';
import { BrandImageField } from './brand-image-field';

/** Settings → Brand: the shop's name, logo, favicon, colour and contact links, applied everywhere within seconds (decisions 055, 059). */
export function BrandCard() {
  const settings = useShopSettings();
  const [editing, setEditing] = useState(false);
  const brand = settings.data?.brand;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold">Brand</h2>
          <p className="mt-1 text-sm text-muted">
            What customers see on every page, email and invoice. A save shows on the site within a few seconds, with no rebuild or restart.
          </p>
        </div>
        {brand && (
          <Button type="button" variant="outline" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {editing ? 'Close' : 'Edit brand'}
          </Button>
        )}
      </div>
      {settings.isError && <p className="mt-4 text-danger">We could not load the brand. Please refresh the page.</p>}
      {brand && !editing && <BrandSummary brand={brand} />}
      {settings.data && editing && (
        <>
          <BrandEditor key={JSON.stringify({ ...settings.data.brand, logo: null, favicon: null })} brand={settings.data.brand} />
          <div className="mt-8 grid gap-6 border-t border-line pt-6 sm:grid-cols-2">
            <BrandImageField kind="logo" current={settings.data.brand.logo} name={settings.data.brand.name} />
            <BrandImageField kind="favicon" current={settings.data.brand.favicon} name={settings.data.brand.name} />
          </div>
        </>
      )}
    </Card>
  );
}

function BrandSummary({ brand }: { brand: Brand }) {
  const links = [brand.discordUrl, ...Object.values(brand.socials)].filter(Boolean).length;
  return (
    <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted">Shop name</dt>
        <dd className="flex items-center gap-2 font-semibold">
          {brand.logo && <img src={brand.logo} alt="" className="h-6 w-auto max-w-[6rem]" />}
          {brand.name}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Primary colour</dt>
        <dd className="flex items-center gap-2 font-mono">
          <span className="inline-block h-4 w-4 rounded border border-line" style={{ background: brand.primaryColor }} aria-hidden="true" />
          {brand.primaryColor}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Support address</dt>
        <dd className="break-all">{brand.supportEmail}</dd>
      </div>
      <div>
        <dt className="text-muted">Community links</dt>
        <dd>{links === 0 ? 'None' : links === 1 ? '1 link' : `${links} links`}</dd>
      </div>
    </dl>
  );
}

interface BrandForm {
  name: string;
  primaryColor: string;
  supportEmail: string;
  discordUrl: string;
  socials: Record<SocialNetwork, string>;
}

function toForm(brand: Brand): BrandForm {
  return {
    name: brand.name,
    primaryColor: brand.primaryColor,
    supportEmail: brand.supportEmail,
    discordUrl: brand.discordUrl ?? '',
    socials: Object.fromEntries(socialNetworks.map((n) => [n, brand.socials[n] ?? ''])) as Record<SocialNetwork, string>,
  };
}

function BrandEditor({ brand }: { brand: Brand }) {
  const [form, setForm] = useState(() => toForm(brand));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBrand();

  function change(patch: Partial<BrandForm>, field: string) {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = brandInputSchema.safeParse(form);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'form'] ??= issue.message;
      setErrors(problems);
      toast.error('Check the highlighted fields');
      return;
    }
    setErrors({});
    try {
      // This tab shows the new brand at once; other visitors within seconds (decision 059).
      primeBrand(await save.mutateAsync(parsed.data));
      toast.success('Brand saved', { description: 'Pages, emails and invoices show it within a few seconds.' });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not save the brand', { description: errorMessage(error) });
    }
  }

  const text = (field: 'name' | 'supportEmail' | 'discordUrl', label: string, props: { type?: string; hint?: string; placeholder?: string; autoComplete?: string } = {}) => (
    <Field label={label} error={errors[field]} hint={props.hint}>
      {({ id, describedBy }) => (
        <Input
          id={id}
          type={props.type ?? 'text'}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete ?? 'off'}
          aria-describedby={describedBy}
          aria-invalid={Boolean(errors[field])}
          value={form[field]}
          onChange={(e) => change({ [field]: e.target.value }, field)}
        />
      )}
    </Field>
  );

  return (
    <form className="mt-6 grid gap-5" noValidate onSubmit={(e) => void submit(e)} aria-label="Brand">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Shop name', { hint: 'In the header, the footer, page titles, emails and invoices.' })}
        {text('supportEmail', 'Support address', { type: 'email', hint: 'Where customers can write to you; shown on the support pages and in emails.' })}
      </div>
      <BrandColorCheck value={form.primaryColor} error={errors.primaryColor} onChange={(primaryColor) => change({ primaryColor }, 'primaryColor')} />
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold">Community links</legend>
        <p className="text-xs text-muted">Shown in the footer and on the support and Discord pages. Leave a field empty to hide that link.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('discordUrl', 'Discord invite', { type: 'url', placeholder: 'https://discord.gg/…' })}
          {socialNetworks.map((network) => (
            <Field key={network} label={socialLabels[network]} error={errors[`socials.${network}`]}>
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  type="url"
                  placeholder="https://…"
                  autoComplete="off"
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(errors[`socials.${network}`])}
                  value={form.socials[network]}
                  onChange={(e) => change({ socials: { ...form.socials, [network]: e.target.value } }, `socials.${network}`)}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      {errors.form && <p className="text-sm text-danger" role="alert">{errors.form}</p>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save brand'}
        </Button>
      </div>
    </form>
  );
}
