import { useState } from 'react';
import { toast } from 'sonner';
import { announcementSeverityLabels, type AdminAnnouncement } from '../../../../../shared/schemas/announcements';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/field';
import { useCatalog } from '../../../../lib/catalog';
import { errorMessage } from '../../../../lib/errors';
import { useEndAnnouncement } from '../api/end-announcement';
import { useAdminAnnouncements } from '../api/get-announcements';
import type { Choice } from '../../components/form-pieces';
import { AnnouncementForm } from './announcement-form';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function audience(a: AdminAnnouncement, games: Choice[], locations: Choice[]): string {
  if (a.target === 'all') return 'Every customer';
  const names = a.targetValues.map((v) => (a.target === 'game' ? games : locations).find((c) => c.value === v)?.label ?? v);
  return `${a.target === 'game' ? 'Games' : 'Locations'}: ${names.join(', ')}`;
}

function EndForm({ announcement, onDone }: { announcement: AdminAnnouncement; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const end = useEndAnnouncement();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setError('Say why (kept in the audit log)');
    try {
      await end.mutateAsync({ id: announcement.id, reason: reason.trim() });
      toast.success('Announcement taken down');
      onDone();
    } catch (e) {
      toast.error('Could not take it down', { description: errorMessage(e) });
    }
  }
  return (
    <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} noValidate>
      <div className="min-w-[14rem] flex-1">
        <Field label={`Reason for taking down “${announcement.title}”`} error={error}>
          {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      </div>
      <Button type="submit" variant="outline" disabled={end.isPending}>
        Take down now
      </Button>
      <Button type="button" variant="ghost" onClick={onDone}>
        Keep it
      </Button>
    </form>
  );
}

/** Console → Announcements: banners on customers' dashboards, aimed at everyone, a game or a location. */
export default function AnnouncementsPage() {
  const { data, isPending, isError } = useAdminAnnouncements();
  const catalog = useCatalog();
  const games = (catalog.data?.games ?? []).map((g) => ({ value: g.slug, label: g.name }));
  const locations = (catalog.data?.locations ?? []).map((l) => ({ value: l.value, label: l.label }));
  const [editing, setEditing] = useState<AdminAnnouncement>();
  const [ending, setEnding] = useState<string>();

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold">Announcements</h1>
        <p className="mt-1 text-muted">Banners on customers’ dashboards. Each customer can close one, and it stays closed on every device.</p>
      </header>
      <AnnouncementForm key={editing?.id ?? 'new'} editing={editing} games={games} locations={locations} onDone={() => setEditing(undefined)} />
      <section aria-labelledby="announcement-list-title">
        <h2 id="announcement-list-title" className="mb-3 text-lg font-semibold">
          Posted
        </h2>
        {isPending && <p className="text-muted">Loading…</p>}
        {isError && <p role="alert">The announcements could not be loaded. Reload to try again.</p>}
        {data && data.announcements.length === 0 && <p className="text-muted">None yet.</p>}
        <ul className="space-y-3">
          {data?.announcements.map((a) => (
            <li key={a.id} className="rounded-2xl border border-line bg-surface p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{a.title}</h3>
                <Badge tone={a.state === 'live' ? 'green' : 'grey'}>{a.state === 'live' ? 'Live' : a.state === 'scheduled' ? 'Scheduled' : 'Ended'}</Badge>
                <Badge tone={a.severity === 'critical' ? 'red' : a.severity === 'warning' ? 'yellow' : 'violet'}>{announcementSeverityLabels[a.severity]}</Badge>
              </div>
              <p className="mt-1 text-sm text-muted">
                {audience(a, games, locations)} · from {when(a.startsAt)}
                {a.endsAt ? ` until ${when(a.endsAt)}` : ', no end'} · closed by {a.dismissals} customer{a.dismissals === 1 ? '' : 's'}
                {a.authorEmail ? ` · by ${a.authorEmail}` : ''}
              </p>
              <p className="mt-2 whitespace-pre-line text-sm">{a.body}</p>
              {a.state !== 'ended' && ending !== a.id && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setEnding(a.id)}>
                    Take down…
                  </Button>
                </div>
              )}
              {ending === a.id && <EndForm announcement={a} onDone={() => setEnding(undefined)} />}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
