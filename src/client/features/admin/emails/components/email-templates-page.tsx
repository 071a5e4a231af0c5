import { useState } from 'react';
import type { Locale } from '../../../../../shared/i18n/locales';
import { Card } from '../../../../components/ui/card';
import { Field } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { LanguageSelect } from '../../components/language-select';
import { useEmailTemplates } from '../api/get-email-templates';
import { EmailTemplateEditor } from './email-template-editor';

/** /admin/emails: staff reword each email customers get, per language, with a preview. */
export default function EmailTemplatesPage() {
  const [locale, setLocale] = useState<Locale>('en');
  const [chosen, setChosen] = useState<string | null>(null);
  const { data, isError } = useEmailTemplates(locale);
  const template = data?.templates.find((x) => x.id === chosen) ?? data?.templates[0];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Emails</h1>
        <p className="mt-1 text-muted">
          The emails customers get, in their language: their account’s, or the shop’s default. Your text replaces the shipped one for the next email sent;
          reset it to go back. Every change is in the audit log.
        </p>
      </div>
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <LanguageSelect label="Language" value={locale} onChange={setLocale} />
          {data && (
            <Field label="Email">
              {({ id }) => (
                <Select id={id} value={template?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
                  {data.templates.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.label}
                      {x.edited ? ' (edited)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
      </Card>
      {isError && <p className="text-danger">We could not load the emails. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading emails..." />}
      {template && (
        <Card>
          <EmailTemplateEditor key={`${locale}:${template.id}:${template.current.subject}:${template.current.body}:${template.current.action ?? ''}`} template={template} locale={locale} />
        </Card>
      )}
    </div>
  );
}
