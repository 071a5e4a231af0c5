import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isLocale, localeNames } from '../../../../shared/i18n/locales';
import { languages, type Preferences } from '../../../../shared/schemas/account';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useUpdatePreferences } from '../api/update-preferences';

export function PreferencesForm({ value }: { value: Preferences }) {
  const t = useT();
  const [prefs, setPrefs] = useState(value);
  const mutation = useUpdatePreferences();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await mutation.mutateAsync(prefs);
      toast.success(t('account.prefs.saved'), { description: t('account.prefs.savedText') });
      // Every word on screen follows the new language: the page loads again in it.
      if (prefs.language !== value.language) window.location.reload();
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }
  return (
    <Card>
      <h2 className="text-lg font-bold">{t('account.tab.preferences')}</h2>
      <form className="mt-6 grid gap-4 sm:grid-cols-3 sm:items-end" onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('account.prefs.language')}>
          {({ id }) => (
            <Select
              id={id}
              value={prefs.language ?? ''}
              onChange={(e) => setPrefs({ ...prefs, language: isLocale(e.target.value) ? e.target.value : null })}
            >
              <option value="">{t('account.prefs.browserLanguage')}</option>
              {languages.map((l) => (
                <option key={l} value={l} lang={l}>
                  {localeNames[l]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('common.saving') : t('account.prefs.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
