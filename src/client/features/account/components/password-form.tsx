import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const t = useT();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const mutation = useChangePassword();
  const errors = fieldErrors(mutation.error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (newPassword !== confirm) {
      toast.error(t('account.password.mismatch'), { description: t('account.password.mismatchText') });
      return;
    }
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      setCurrent('');
      setNew('');
      setConfirm('');
      toast.success(t('account.password.changed'), { description: t('account.password.changedText') });
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">{t('account.password.title')}</h2>
      <form className="mt-6 grid gap-4" onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('account.password.current')} error={errors.currentPassword}>
          {({ id, describedBy }) => (
            <Input id={id} type="password" required autoComplete="current-password" aria-describedby={describedBy} value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('account.password.new')} error={errors.newPassword} hint={t('account.password.newHint')}>
            {({ id, describedBy }) => (
              <Input id={id} type="password" required autoComplete="new-password" aria-describedby={describedBy} value={newPassword} onChange={(e) => setNew(e.target.value)} />
            )}
          </Field>
          <Field label={t('account.password.confirm')}>
            {({ id }) => (
              <Input id={id} type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            )}
          </Field>
        </div>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('account.password.changing') : t('account.password.title')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
