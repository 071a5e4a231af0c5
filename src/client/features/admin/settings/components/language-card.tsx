import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { localeNames, type Locale } from '../../../../../shared/i18n/locales';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { LanguageSelect } from '../../components/language-select';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/errors';
import { useDefaultLanguage, useSaveDefaultLanguage } from '../api/default-language';

/** The shop's default language: for visitors whose account and browser name none of the shipped ones. */
export function LanguageCard() {
  const { data } = useDefaultLanguage();
  return <Card>{data ? <LanguageForm key={data.defaultLocale} saved={data.defaultLocale} /> : <h2 className="text-lg font-bold">Default language</h2>}</Card>;
}

function LanguageForm({ saved }: { saved: Locale }) {
  const [locale, setLocale] = useState<Locale>(saved);
  const [reason, setReason] = useState('');
  const save = useSaveDefaultLanguage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ defaultLocale: locale, reason });
      setReason('');
      toast.success('Default language saved', { description: `Pages without a language in their address are now in ${localeNames[locale]}.` });
    } catch (error) {
      toast.error('Could not save the default language', { description: errorMessage(error) });
    }
  }

  return (
    <>
      <h2 className="text-lg font-bold">Default language</h2>
      <p className="mt-1 text-sm text-muted">
        What visitors see when neither their account nor their browser asks for one of the shipped languages, and what the public pages
        without a language in their address (such as /deploy) are in. Every language keeps its own pages (/en/…, /de/…).
      </p>
      <form className="mt-6 grid gap-4 sm:grid-cols-2" noValidate onSubmit={(e) => void submit(e)}>
        <LanguageSelect label="Default language" value={locale} onChange={setLocale} />
        <Field label="Reason (optional, for the audit log)">
          {({ id }) => <Input id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending || locale === saved}>
            {save.isPending ? 'Saving...' : 'Save default language'}
          </Button>
        </div>
      </form>
    </>
  );
}
