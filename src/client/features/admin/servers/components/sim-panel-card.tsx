import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/errors';
import { useSimPanel } from '../api/get-sim-panel';
import { useUpdateSimPanel } from '../api/update-sim-panel';

/** Rehearse a provisioning failure: the simulated panel fails the next N installs. */
export function SimPanelCard() {
  const { data } = useSimPanel();
  const update = useUpdateSimPanel();
  const [count, setCount] = useState('1');
  const inputId = useId();
  const hintId = useId();

  if (!data?.simulated) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 0 || n > 100) {
      toast.error('Enter a whole number from 0 to 100.');
      return;
    }
    try {
      await update.mutateAsync({ failNextInstalls: n });
      toast.success(n === 0 ? 'Installs on the simulated panel will succeed again' : `The next ${n === 1 ? 'install' : `${n} installs`} will fail`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Simulated panel</h2>
      <p className="mt-1 text-sm text-muted" id={hintId}>
        Make the next installs fail, to rehearse what happens when provisioning goes wrong.{' '}
        {data.failNextInstalls > 0
          ? `The next ${data.failNextInstalls === 1 ? 'install' : `${data.failNextInstalls} installs`} will fail.`
          : 'Installs succeed normally.'}
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium">
            Installs that will fail
          </label>
          <Input
            id={inputId}
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            aria-describedby={hintId}
            className="mt-1.5 w-28"
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Make the next installs fail'}
        </Button>
      </form>
    </Card>
  );
}
