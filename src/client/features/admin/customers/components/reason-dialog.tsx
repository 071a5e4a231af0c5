import { useState, type FormEvent } from 'react';
import { defaultCurrency } from '../../../../../shared/currency';
import { amountInputMode, currencyCaption, exampleAmount, readMajorAmount } from '../../../../../shared/money-input';
import { staffReasonSchema } from '../../../../../shared/schemas/admin/servers';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  /** Help that only sends an email may go without a reason. */
  reasonOptional?: boolean;
  /** Credit adjustments: ask for an amount and whether it is given or taken back. */
  withAmount?: boolean;
  /** The currency the amount is typed in (the shop's for a customer's balance); needed with `withAmount`. */
  currency?: string;
  pending: boolean;
  onConfirm: (input: { reason: string; amountCents: number }) => Promise<unknown>;
}

/** A staff action that asks why (kept in the audit log), and for credit how much. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, danger, reasonOptional, withAmount, currency = defaultCurrency, pending, onConfirm } = props;
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'give' | 'take'>('give');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close(next: boolean) {
    if (!next) {
      setReason('');
      setAmount('');
      setDirection('give');
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    let amountCents = 0;
    if (withAmount) {
      const typed = readMajorAmount(amount, currency, { required: true, positive: true });
      if (!typed.ok) next.amountCents = typed.error;
      else amountCents = (typed.minor ?? 0) * (direction === 'take' ? -1 : 1);
    }
    const checked = staffReasonSchema.safeParse(reason);
    if (!(reasonOptional && !reason.trim()) && !checked.success) next.reason = checked.error.issues[0]?.message ?? 'Please give a reason';
    if (Object.keys(next).length) {
      setErrors(next);
      return;
    }
    try {
      await onConfirm({ reason: reason.trim(), amountCents });
      close(false);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({ ...fields, form: Object.keys(fields).length ? '' : errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {withAmount && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Change">
              {({ id }) => (
                <Select id={id} value={direction} onChange={(e) => setDirection(e.target.value as 'give' | 'take')}>
                  <option value="give">Give credit</option>
                  <option value="take">Take credit back</option>
                </Select>
              )}
            </Field>
            <Field label={`Amount in ${currencyCaption(currency)}`} error={errors.amountCents}>
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  inputMode={amountInputMode(currency)}
                  autoComplete="off"
                  placeholder={exampleAmount(currency)}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(errors.amountCents)}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              )}
            </Field>
          </div>
        )}
        <Field
          label={reasonOptional ? 'Reason (optional)' : 'Reason'}
          hint={withAmount ? 'The customer sees it on their ledger; it is also kept in the audit log.' : 'Kept in the audit log with your name.'}
          error={errors.reason}
        >
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              rows={3}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.reason)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
            {pending ? 'Working...' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
