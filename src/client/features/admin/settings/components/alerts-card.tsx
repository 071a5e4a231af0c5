import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { alertWebhookUrlSchema } from '../../../../../shared/schemas/admin/alerts';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useAlertSettings, useSaveAlertSettings } from '../api/alert-settings';

/** Where staff alerts go: email to the roles that can act (fixed), and an optional webhook such as a Discord channel's. */
export function AlertsCard() {
  const { data, isError } = useAlertSettings();
  const save = useSaveAlertSettings();
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = alertWebhookUrlSchema.safeParse(url);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Enter a full address');
    await store(checked.data, 'Alert webhook saved');
  }

  async function store(webhookUrl: string | null, done: string) {
    try {
      await save.mutateAsync({ webhookUrl });
      setUrl('');
      setError('');
      toast.success(done);
    } catch (failure) {
      setError(fieldErrors(failure).webhookUrl ?? errorMessage(failure));
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Staff alerts</h2>
      <p className="mt-1 text-sm text-muted">
        Failed set-ups, failed renewals and refused payment webhooks are emailed to the staff who can act on them. They can also be posted to a
        webhook: a Discord channel&apos;s, or any address that takes JSON.
      </p>
      {isError && <p className="mt-4 text-sm text-danger">We could not load the alert settings. Please refresh the page.</p>}
      {data && (
        <>
          <ul className="mt-4 space-y-1 text-sm">
            {data.recipients.map((r) => (
              <li key={r.kind}>
                {r.label}: <span className="text-muted">emailed to {r.roles.join(', ')}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            Webhook:{' '}
            {data.webhookUrl ? (
              <span className="break-all font-mono text-xs">
                {data.webhookUrl}
                {data.discord ? ' (Discord)' : ''}
              </span>
            ) : (
              <span className="text-muted">none</span>
            )}
          </p>
        </>
      )}
      <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate onSubmit={(e) => void submit(e)}>
        <div className="flex-1">
          <Field label="Webhook URL" error={error} hint="https only. The address is stored encrypted and shown with its key hidden.">
            {({ id, describedBy }) => (
              <Input
                id={id}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://discord.com/api/webhooks/…"
                aria-describedby={describedBy}
                aria-invalid={Boolean(error)}
                value={url}
                onChange={(e) => {
                  setUrl(e.target.value);
                  setError('');
                }}
              />
            )}
          </Field>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save webhook'}
          </Button>
          {data?.webhookUrl && (
            <Button variant="outline" disabled={save.isPending} onClick={() => void store(null, 'Alert webhook removed')}>
              Remove
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
