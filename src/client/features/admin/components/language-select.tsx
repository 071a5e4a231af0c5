import { isLocale, localeNames, locales, type Locale } from '../../../../shared/i18n/locales';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

/** A labelled choice of one of the shipped languages, by its own name ("Deutsch"), for console forms. */
export function LanguageSelect({ label, value, onChange }: { label: string; value: Locale; onChange: (locale: Locale) => void }) {
  return (
    <Field label={label}>
      {({ id }) => (
        <Select id={id} value={value} onChange={(e) => isLocale(e.target.value) && onChange(e.target.value)}>
          {locales.map((l) => (
            <option key={l} value={l}>
              {localeNames[l]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
