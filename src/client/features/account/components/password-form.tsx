import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const mutation = useChangePassword();
  const errors = fieldErrors(mutation.error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (newPassword !== confirm) {
      toast.error('Password Mismatch', { description: 'Passwords do not match. Please try again.' });
      return;
    }
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      setCurrent('');
      setNew('');
      setConfirm('');
      toast.success('Password changed', { description: 'Your other sessions have been signed out.' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Change password</h2>
      <form className="mt-6 grid gap-4" onSubmit={(e) => void onSubmit(e)}>
        <Field label="Current password" error={errors.currentPassword}>
          {({ id, describedBy }) => (
            <Input id={id} type="password" required autoComplete="current-password" aria-describedby={describedBy} value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="New password" error={errors.newPassword} hint="At least 8 characters.">
            {({ id, describedBy }) => (
              <Input id={id} type="password" required autoComplete="new-password" aria-describedby={describedBy} value={newPassword} onChange={(e) => setNew(e.target.value)} />
            )}
          </Field>
          <Field label="Confirm new password">
            {({ id }) => (
              <Input id={id} type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            )}
          </Field>
        </div>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
