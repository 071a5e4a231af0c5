import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../../shared/money';
import { amountInputMode, currencyCaption, exampleAmount, majorText, readMajorAmount } from '../../../../../shared/money-input';
import type { AdminOrderDetail, AdminRefundInput, RefundMethodChoice } from '../../../../../shared/schemas/admin/orders';
import { staffReasonSchema } from '../../../../../shared/schemas/admin/staff';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/errors';
import { cn } from '../../../../lib/cn';
import { useBusinessRules } from '../../../../lib/business-rules';
import { refundProcessingDays } from '../../../../../shared/business-rules';
import { formatDateTime } from './format';

/**
 * The 502s here are worth reading too: the provider refused (nothing was refunded), or the refund
 * was made but the server could not be deleted. Each says what to do next.
 */
function refusal(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'refund_failed' || error.code === 'cancel_failed')) return error.message;
  return errorMessage(error);
}

function MethodChoice(props: {
  value: RefundMethodChoice;
  checked: boolean;
  disabled?: boolean;
  label: string;
  hint: string;
  onChange: (value: RefundMethodChoice) => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3',
        props.checked && 'border-accent bg-accent/5',
        props.disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        id={id}
        type="radio"
        name="refund-method"
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onChange={() => props.onChange(props.value)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
      />
      <span className="text-sm">
        <span id={`${id}-label`} className="font-medium text-ink">
          {props.label}
        </span>
        <span id={`${id}-hint`} className="mt-0.5 block text-xs text-muted">
          {props.hint}
        </span>
      </span>
    </label>
  );
}

export interface RefundDialogProps {
  order: AdminOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: (input: AdminRefundInput) => Promise<unknown>;
}

/**
 * Refund part or all of an order: how much (in the order's currency, prefilled with what is left), where it
 * goes, whether the service ends too, and why. The server checks the amount again and its
 * refusal is shown here.
 */
export function RefundDialog({ order, open, onOpenChange, pending, onConfirm }: RefundDialogProps) {
  const formatPrice = (minor: number) => formatMoney(minor, order.currency);
  const rules = useBusinessRules();
  const cardDays = refundProcessingDays(rules);
  const { refundable } = order;
  const [amount, setAmount] = useState(majorText(refundable.totalCents, order.currency));
  const [method, setMethod] = useState<RefundMethodChoice>(refundable.cardCents > 0 ? 'card' : 'credit');
  const [cancelService, setCancelService] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const cancelId = useId();

  const typed = readMajorAmount(amount, order.currency, { required: true, positive: true });
  const cents = typed.ok ? typed.minor : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    // What is left is checked by the server, which knows of refunds made since this page loaded.
    if (!typed.ok) next.amount = typed.error;
    const checked = staffReasonSchema.safeParse(reason);
    if (!checked.success) next.reason = checked.error.issues[0]?.message ?? 'Please give a reason';
    setErrors(next);
    if (next.amount || next.reason || typeof cents !== 'number') return;
    try {
      await onConfirm({ amountCents: cents, method, reason: reason.trim(), cancelService: refundable.canCancelService && cancelService });
      onOpenChange(false);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const message = refusal(error);
      setErrors({
        amount: fields.amountCents && fields.amountCents !== message ? fields.amountCents : undefined,
        reason: fields.reason,
        form: message,
      });
    }
  }

  const paid = order.payment?.amountCents ?? order.totalCents;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refund this order"
      description={`${formatPrice(refundable.totalCents)} of the ${formatPrice(paid)} paid is left to refund. The invoice stays as it is: the refund issues a credit note against it.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label={`Amount in ${currencyCaption(order.currency)}`}
          hint={method === 'card' ? `At most ${formatPrice(refundable.cardCents)} back to the card.` : `At most ${formatPrice(refundable.totalCents)}.`}
          error={errors.amount}
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              inputMode={amountInputMode(order.currency)}
              autoComplete="off"
              placeholder={exampleAmount(order.currency)}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.amount)}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-ink">Where the money goes</legend>
          <MethodChoice
            value="card"
            checked={method === 'card'}
            disabled={refundable.cardCents === 0}
            label="Back to card"
            hint={
              refundable.cardCents === 0
                ? 'Not possible: nothing of this payment can go back to a card (it was paid with account credit, or the card part is already refunded).'
                : `Through the payment provider; it reaches the customer's card in ${cardDays} business ${cardDays === '1' ? 'day' : 'days'} (as Settings tells customers). Up to ${formatPrice(refundable.cardCents)}.`
            }
            onChange={setMethod}
          />
          <MethodChoice
            value="credit"
            checked={method === 'credit'}
            label="To account credit"
            hint="Added to the customer's balance at once; their next renewals are paid from it first."
            onChange={setMethod}
          />
        </fieldset>
        {refundable.canCancelService && (
          <div className="flex items-start gap-3">
            <input
              id={cancelId}
              type="checkbox"
              checked={cancelService}
              onChange={(e) => setCancelService(e.target.checked)}
              aria-describedby={`${cancelId}-hint`}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-line accent-accent"
            />
            <div className="text-sm">
              <label htmlFor={cancelId} className="font-medium text-ink">
                Also cancel the service
              </label>
              <p id={`${cancelId}-hint`} className="text-xs text-muted">
                Allowed inside the {refundable.windowHours}-hour money-back window
                {refundable.windowEndsAt ? ` (until ${formatDateTime(refundable.windowEndsAt)})` : ''}. The server is deleted on the panel and never renewed; its newest backup is kept for 30 days.
              </p>
            </div>
          </div>
        )}
        <Field label="Reason" hint="The customer reads it on their credit note; it is also kept in the audit log." error={errors.reason}>
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
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Refunding...' : typeof cents === 'number' && cents > 0 ? `Refund ${formatPrice(cents)}` : 'Refund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
