import { Link } from 'react-router';
import { toast } from 'sonner';
import type { JobsOverview } from '../../../../../shared/schemas/admin/servers';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { errorMessage } from '../../../../lib/errors';
import { useCan } from '../../components/use-can';
import { useJobs } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';
import { formatDateTime } from './format';
import { SimPanelCard } from './sim-panel-card';

const stepLabels: Record<JobsOverview['renewals'][number]['step'], string> = {
  charge: 'Charge the card',
  suspend: 'Suspend for non-payment',
  terminate: 'Delete for non-payment',
  cancel: 'End the cancelled service',
};

function Table({ caption, head, children }: { caption: string; head: string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function FailedJobs({ failed }: { failed: JobsOverview['failed'] }) {
  const canRetry = useCan('jobs.retry');
  const retry = useRetryJob();
  if (failed.length === 0) return <p className="text-sm text-muted">No failed jobs. Everything ran.</p>;
  return (
    <ul className="space-y-3" aria-label="Failed jobs">
      {failed.map((job) => (
        <li key={job.id}>
          <Card className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold">{job.queue}</p>
                <p className="text-xs text-muted">
                  Failed {formatDateTime(job.failedAt)} after {job.retryCount + 1} of {job.retryLimit + 1}{' '}
                  {job.retryLimit === 0 ? 'attempt' : 'attempts'} · job <span className="font-mono">{job.id.slice(0, 8)}</span>
                  {job.serverId && (
                    <>
                      {' · '}
                      <Link to={`/admin/servers/${job.serverId}`} className="text-ink hover:text-accent hover:underline">
                        server {job.serverId.slice(0, 8)}
                      </Link>
                    </>
                  )}
                </p>
              </div>
              {canRetry && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={`Retry job ${job.id.slice(0, 8)} of ${job.queue}`}
                  onClick={() =>
                    retry.mutate(
                      { queue: job.queue, id: job.id },
                      { onSuccess: () => toast.success('The job will run again shortly'), onError: (e) => toast.error(errorMessage(e)) },
                    )
                  }
                >
                  Retry
                </Button>
              )}
            </div>
            <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap rounded-lg bg-bg p-2 font-mono text-xs">{job.error ?? 'No error was recorded.'}</pre>
            {job.data && (
              <details className="mt-2 text-xs">
                <summary className="cursor-pointer text-muted">Job data</summary>
                <pre className="mt-1 overflow-auto whitespace-pre-wrap font-mono">{JSON.stringify(job.data, null, 2)}</pre>
              </details>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** /admin/jobs: a read-only view of the background job queue, with retry for failed jobs. */
export default function JobsPage() {
  const { data, isError } = useJobs();
  const canSimulate = useCan('servers.manage');

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Jobs</h1>
        <p className="mt-1 text-muted">The background work: set-ups, renewals and housekeeping. Refreshes every 10 seconds.</p>
      </div>
      {isError && <p className="text-danger">We could not load the job queue. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading the job queue..." />}
      {data && (
        <>
          <section className="space-y-3" aria-labelledby="queues-heading">
            <h2 id="queues-heading" className="text-lg font-bold">
              Queues
            </h2>
            <Table caption="Jobs per queue" head={['Queue', 'Waiting', 'Running', 'Failed', 'Done in 24 hours']}>
              {data.queues.map((q) => (
                <tr key={q.name} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {q.label}
                    {q.label !== q.name && <span className="block font-mono text-xs font-normal text-muted">{q.name}</span>}
                  </th>
                  <td className="px-3 py-2">{q.waiting}</td>
                  <td className="px-3 py-2">{q.active}</td>
                  <td className={q.failed > 0 ? 'px-3 py-2 font-semibold text-danger' : 'px-3 py-2'}>{q.failed}</td>
                  <td className="px-3 py-2">{q.completedRecently}</td>
                </tr>
              ))}
            </Table>
          </section>

          <section className="space-y-3" aria-labelledby="failed-heading">
            <h2 id="failed-heading" className="text-lg font-bold">
              Failed jobs
            </h2>
            <FailedJobs failed={data.failed} />
          </section>

          <section className="space-y-3" aria-labelledby="renewals-heading">
            <h2 id="renewals-heading" className="text-lg font-bold">
              Next renewals and dunning steps
            </h2>
            {data.renewals.length === 0 ? (
              <p className="text-sm text-muted">No renewals are coming up.</p>
            ) : (
              <Table caption="Next renewals and dunning steps" head={['When', 'Step', 'Server', 'Owner', 'Renewal']}>
                {data.renewals.map((r) => (
                  <tr key={r.id} className="border-t border-line">
                    <td className="whitespace-nowrap px-3 py-2">{formatDateTime(r.at)}</td>
                    <td className="px-3 py-2">{stepLabels[r.step]}</td>
                    <td className="px-3 py-2">
                      <Link to={`/admin/servers/${r.serverId}`} className="hover:text-accent hover:underline">
                        {r.serverName}
                      </Link>
                    </td>
                    <td className="break-all px-3 py-2">{r.ownerEmail}</td>
                    <td className="px-3 py-2">{r.status === 'upcoming' ? 'Not due yet' : r.status}</td>
                  </tr>
                ))}
              </Table>
            )}
          </section>

          <section className="space-y-3" aria-labelledby="schedules-heading">
            <h2 id="schedules-heading" className="text-lg font-bold">
              Schedules
            </h2>
            {data.schedules.length === 0 ? (
              <p className="text-sm text-muted">No schedules yet: they are set when the background jobs start.</p>
            ) : (
              <Table caption="Schedules" head={['Job', 'Schedule (UTC)', 'Next run']}>
                {data.schedules.map((s) => (
                  <tr key={s.name} className="border-t border-line">
                    <th scope="row" className="px-3 py-2 text-left font-semibold">
                      {s.label}
                    </th>
                    <td className="px-3 py-2 font-mono text-xs">{s.cron}</td>
                    <td className="px-3 py-2">{formatDateTime(s.nextRunAt)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </section>
        </>
      )}
      {canSimulate && <SimPanelCard />}
    </div>
  );
}
