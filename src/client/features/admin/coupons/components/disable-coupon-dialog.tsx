import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { couponReasonSchema, type AdminCoupon } from '../../../../../shared/schemas/admin/coupons';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/errors';
import { useDisableCoupon } from '../api/disable-coupon';

/** Stops new redemptions, with a reason for the audit log; customers who hold the coupon keep their discount. */
export function DisableCouponDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const disable = useDisableCoupon();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = couponReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await disable.mutateAsync({ id: coupon.id, reason: parsed.data });
      toast.success('Coupon disabled', { description: `${coupon.code} is no longer accepted.` });
      onClose();
    } catch (e) {
      toast.error('Could not disable the coupon', { description: errorMessage(e) });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Disable ${coupon.code}`}
      description="New orders can no longer use it. Customers who already did keep their discount on renewals."
    >
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Reason" error={error} hint="Kept in the audit log. At least 3 characters.">
          {({ id, describedBy }) => (
            <Textarea id={id} rows={3} aria-invalid={Boolean(error)} aria-describedby={describedBy} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {disable.isPending ? 'Disabling...' : 'Disable coupon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
