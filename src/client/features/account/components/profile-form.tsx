import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../../shared/schemas/account';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ account }: { account: Account }) {
  const t = useT();
  const [firstName, setFirstName] = useState(account.firstName);
  const [lastName, setLastName] = useState(account.lastName);
  const [email, setEmail] = useState(account.email);
  const mutation = useUpdateProfile();
  const errors = fieldErrors(mutation.error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const emailChanged = email.trim().toLowerCase() !== account.email.toLowerCase();
    try {
      const updated = await mutation.mutateAsync({ firstName, lastName, ...(emailChanged ? { email } : {}) });
      toast.success(t('account.profile.saved'), {
        description:
          emailChanged && updated.pendingEmail
            ? t('account.profile.confirmSent', { email: updated.pendingEmail })
            : t('account.profile.updated'),
      });
      setEmail(updated.email);
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">{t('account.tab.profile')}</h2>
      <p className="mt-1 text-sm text-muted">{t('account.profile.intro')}</p>
      <form className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('account.profile.firstName')} error={errors.firstName}>
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          )}
        </Field>
        <Field label={t('account.profile.lastName')} error={errors.lastName}>
          {({ id, describedBy }) => (
            <Input id={id} aria-describedby={describedBy} autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field
            label={t('account.profile.email')}
            error={errors.email}
            hint={
              account.pendingEmail
                ? t('account.profile.pendingEmail', { email: account.pendingEmail })
                : t('account.profile.emailHint')
            }
          >
            {({ id, describedBy }) => (
              <Input id={id} type="email" required aria-describedby={describedBy} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('common.saving') : t('account.profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
