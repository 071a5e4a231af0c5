import { useId, useState } from 'react';
import { Link } from 'react-router';
import { decideTaskSchema, type StaffTask } from '../../../../../shared/schemas/delivery';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Textarea } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { useDecideTask } from '../api/decide-task';
import { useStaffTasks } from '../api/get-tasks';

const statusTone = { open: 'yellow', done: 'green', refused: 'red' } as const;
const statusLabel = { open: 'Open', done: 'Done', refused: 'Refused' } as const;

function Decide({ task }: { task: StaffTask }) {
  const noteId = useId();
  const errorId = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecideTask(task.id);
  const submit = (status: 'done' | 'refused') => {
    const parsed = decideTaskSchema.safeParse(status === 'done' ? { status, note: note || undefined } : { status, note });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the note');
    setProblem(null);
    decide.mutate(parsed.data, { onError: (error) => setProblem(error instanceof Error ? error.message : 'We could not save that. Please try again.') });
  };
  const error = problem ?? null;
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor={noteId} className="text-xs font-medium uppercase tracking-wide text-muted">
        Note to the customer (required to refuse)
      </label>
      <Textarea id={noteId} rows={2} value={note} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} onChange={(e) => setNote(e.target.value)} />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => submit('done')}>
          Mark done
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => submit('refused')}>
          Refuse
        </Button>
      </div>
      <p className="text-xs text-muted">Refusing does not refund. Refund the order from Orders if the customer should get their money back.</p>
    </div>
  );
}

/** /admin/tasks: add-ons and packs delivered by hand (decision 058), open ones first, oldest first. */
export function TasksPage() {
  const filterId = useId();
  const [status, setStatus] = useState('open');
  const { data, isError } = useStaffTasks(status);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Delivery tasks</h1>
        <p className="mt-1 text-muted">Add-ons and upgrade packs sold for delivery by hand. Each is opened when the customer pays; the customer sees its state and your note.</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={filterId} className="text-sm font-medium">
          Show
        </label>
        <Select id={filterId} className="w-auto" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="open">Open</option>
          <option value="done">Done</option>
          <option value="refused">Refused</option>
          <option value="">All</option>
        </Select>
      </div>
      {isError && <p className="text-danger">We could not load the tasks. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading tasks..." />}
      {data && data.tasks.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-bold">Nothing here</h2>
          <p className="mt-1 text-sm text-muted">No task has this state.</p>
        </Card>
      )}
      {data && data.tasks.length > 0 && (
        <ul className="space-y-3" aria-label="Delivery tasks">
          {data.tasks.map((task) => (
            <li key={task.id} className="rounded-2xl border border-line bg-surface p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold">
                    {task.itemName}
                    {task.quantity > 1 ? ` × ${task.quantity}` : ''}
                  </h2>
                  <p className="mt-1 text-sm text-muted">
                    <Link className="underline-offset-2 hover:underline" to={`/admin/customers/${task.customer.id}`}>
                      {task.customer.name} ({task.customer.email})
                    </Link>
                    {task.serverName ? ` · server ${task.serverName}` : task.itemKind === 'pack' ? ' · upgrade pack' : ''} · opened {new Date(task.createdAt).toLocaleString()}
                  </p>
                  {task.status !== 'open' && (
                    <p className="mt-1 text-sm">
                      {statusLabel[task.status]} by {task.decidedByEmail ?? 'staff'}
                      {task.decidedAt ? ` on ${new Date(task.decidedAt).toLocaleString()}` : ''}
                      {task.note ? `: ${task.note}` : ''}
                    </p>
                  )}
                </div>
                <Badge tone={statusTone[task.status]}>{statusLabel[task.status]}</Badge>
              </div>
              {task.status === 'open' && <Decide task={task} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
