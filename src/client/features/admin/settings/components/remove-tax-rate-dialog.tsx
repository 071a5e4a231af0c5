import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { settingsReasonSchema, type TaxRate } from '../../../../../shared/schemas/admin/settings';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/errors';
import { useRemoveTaxRate } from '../api/remove-tax-rate';

/** Removes a rate with a reason for the audit log; documents already issued keep their tax. */
export function RemoveTaxRateDialog({ rate, onClose }: { rate: TaxRate; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const remove = useRemoveTaxRate();
  const where = `${rate.countryName}${rate.region ? `, ${rate.region}` : ''}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await remove.mutateAsync({ id: rate.id, reason: parsed.data });
      toast.success('Tax rate removed', { description: `${rate.name} no longer applies in ${where}.` });
      onClose();
    } catch (e) {
      toast.error('Could not remove the rate', { description: errorMessage(e) });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Remove ${rate.name} ${rate.label} for ${where}`} description="New orders and renewals there are no longer charged it.">
      <form className="space-y-4" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Reason" error={error} hint="Kept in the audit log. At least 3 characters.">
          {({ id, describedBy }) => (
            <Textarea id={id} rows={3} aria-invalid={Boolean(error)} aria-describedby={describedBy} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove rate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
