import { useState, type FormEvent } from 'react';
import { staffReasonSchema } from '../../../../../shared/schemas/admin/servers';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../../lib/errors';

export interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  /** Asks to type this again (the server's name) before the action can run. */
  confirmText?: string;
  pending: boolean;
  onConfirm: (input: { reason: string; confirmText: string }) => Promise<unknown>;
}

/** A staff action that asks why (stored in the audit log), and for a deletion the server's name. */
export function ActionDialog(props: ActionDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, danger, confirmText, pending, onConfirm } = props;
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close(next: boolean) {
    if (!next) {
      setReason('');
      setTyped('');
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = staffReasonSchema.safeParse(reason);
    if (!checked.success) {
      setErrors({ reason: checked.error.issues[0]?.message ?? 'Please give a reason' });
      return;
    }
    if (confirmText !== undefined && typed.trim() !== confirmText) {
      setErrors({ confirmName: 'The name does not match' });
      return;
    }
    try {
      await onConfirm({ reason: checked.data, confirmText: typed.trim() });
      close(false);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({ ...fields, form: Object.keys(fields).length ? '' : errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {confirmText !== undefined && (
          <Field label={`Type ${confirmText} to confirm`} error={errors.confirmName}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={Boolean(errors.confirmName)}
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </Field>
        )}
        <Field label="Reason" hint="Kept in the audit log with your name." error={errors.reason}>
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
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            disabled={pending || (confirmText !== undefined && typed.trim() !== confirmText)}
          >
            {pending ? 'Working...' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
