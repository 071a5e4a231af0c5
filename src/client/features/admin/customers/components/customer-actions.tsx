import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isStaffRole } from '../../../../../shared/permissions';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import { formatMoney } from '../../../../../shared/money';
import { Button } from '../../../../components/ui/button';
import { useCan } from '../../components/use-can';
import { useAdjustCredit } from '../api/adjust-credit';
import { useCustomerAction, type CustomerActionKind } from '../api/customer-action';
import { useStartViewAs } from '../api/view-as';
import { ReasonDialog } from './reason-dialog';

type DialogKind = CustomerActionKind | 'credit' | 'view-as';

interface ActionCopy {
  button: string;
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
  reasonOptional?: boolean;
}

function copyFor(kind: DialogKind, email: string, currency: string): ActionCopy {
  switch (kind) {
    case 'credit':
      return {
        button: 'Adjust credit',
        title: 'Adjust credit',
        description: `Give ${email} account credit in ${currency.toUpperCase()}, the shop's currency, or take some back. The balance cannot go below ${formatMoney(0, currency)}.`,
        confirm: 'Save adjustment',
      };
    case 'suspend':
      return {
        button: 'Suspend account',
        title: 'Suspend this account?',
        description: `${email} will be signed out, will not be able to sign in or buy, and their running servers will be suspended on the panel.`,
        confirm: 'Suspend account',
        danger: true,
      };
    case 'unsuspend':
      return { button: 'Unsuspend account', title: 'Unsuspend this account?', description: `${email} can sign in again, and the servers the suspension stopped come back (stopped).`, confirm: 'Unsuspend account' };
    case 'resend-verification':
      return { button: 'Resend verification', title: 'Resend the verification email?', description: `A new link goes to ${email}.`, confirm: 'Send link', reasonOptional: true };
    case 'password-reset':
      return { button: 'Send password reset', title: 'Send a password reset?', description: `A one-hour reset link goes to ${email}. Earlier links stop working.`, confirm: 'Send link', reasonOptional: true };
    case 'two-factor/disable':
      return {
        button: 'Turn off 2FA',
        title: 'Turn off two-factor sign-in?',
        description: `Only do this once you have checked it really is ${email}. They are told by email.`,
        confirm: 'Turn off 2FA',
        danger: true,
      };
    case 'sign-out-everywhere':
      return { button: 'Sign out everywhere', title: 'Sign out every session?', description: `${email} is signed out on every device and browser.`, confirm: 'Sign out everywhere', danger: true };
    case 'view-as':
      return { button: 'View as customer', title: 'View as this customer?', description: `You will see ${email}'s dashboard read-only, under a banner, for up to an hour. Nothing can be changed.`, confirm: 'Open their dashboard' };
  }
}

/** The account's actions, each behind a dialog that asks why; a role sees only what it may do. */
export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const { profile } = customer;
  const [open, setOpen] = useState<DialogKind | null>(null);
  const navigate = useNavigate();
  const canMoney = useCan('money.write');
  const canAccess = useCan('customers.access');
  const canStaff = useCan('staff.manage');
  const action = useCustomerAction(profile.id);
  const credit = useAdjustCredit(profile.id);
  const viewAs = useStartViewAs(profile.id);
  const staffAccount = isStaffRole(profile.role);
  const touchable = canAccess && (!staffAccount || canStaff);

  const kinds: DialogKind[] = [];
  if (canMoney) kinds.push('credit');
  if (canAccess && !staffAccount) kinds.push('view-as', profile.suspendedAt ? 'unsuspend' : 'suspend');
  if (canAccess && !profile.emailVerified) kinds.push('resend-verification');
  if (touchable) kinds.push('password-reset');
  if (touchable && profile.twoFactorEnabled) kinds.push('two-factor/disable');
  if (touchable) kinds.push('sign-out-everywhere');
  if (kinds.length === 0) return null;

  async function confirm(kind: DialogKind, input: { reason: string; amountCents: number }) {
    if (kind === 'credit') {
      const result = await credit.mutateAsync({ amountCents: input.amountCents, reason: input.reason });
      toast.success(`Credit saved. The balance is now ${formatMoney(result.balanceCents, result.currency)}.`);
    } else if (kind === 'view-as') {
      await viewAs.mutateAsync(input.reason);
      navigate('/dashboard');
    } else {
      const result = await action.mutateAsync({ kind, reason: input.reason || undefined });
      toast.success(result.message);
    }
  }

  const current = open ? copyFor(open, profile.email, customer.credit.currency) : null;
  return (
    <section aria-labelledby="customer-actions-title">
      <h2 id="customer-actions-title" className="sr-only">
        Actions
      </h2>
      <div className="flex flex-wrap gap-2">
        {kinds.map((kind) => {
          const copy = copyFor(kind, profile.email, customer.credit.currency);
          return (
            <Button key={kind} size="sm" variant={copy.danger ? 'outline' : 'secondary'} onClick={() => setOpen(kind)}>
              {copy.button}
            </Button>
          );
        })}
      </div>
      {open && current && (
        <ReasonDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title={current.title}
          description={current.description}
          confirmLabel={current.confirm}
          danger={current.danger}
          reasonOptional={current.reasonOptional}
          withAmount={open === 'credit'}
          currency={customer.credit.currency}
          pending={action.isPending || credit.isPending || viewAs.isPending}
          onConfirm={(input) => confirm(open, input)}
        />
      )}
    </section>
  );
}
