import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { refusalMessage } from '../../../lib/field-message';
import { useT } from '../../../lib/i18n';
import { useRestartSchedule } from '../api/get-restart-schedule';
import type { ServerBasics } from '../api/get-servers';
import { useSetRestartSchedule } from '../api/set-restart-schedule';
import { parseDailyTime } from '../format';
import { canSchedule } from '../server-rules';
import { restartTime } from './server-figures';

const DEFAULT_TIME = '04:00';

/** A daily restart at a UTC time, carried out by a server-side job; or off. */
export function ScheduleRestartDialog({
  servers: all,
  initialServerId,
  open,
  onOpenChange,
}: {
  servers: ServerBasics[];
  initialServerId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const servers = all.filter((s) => canSchedule(s.status));
  const [serverId, setServerId] = useState(servers.find((s) => s.id === initialServerId)?.id ?? servers[0]?.id ?? '');
  const server = servers.find((s) => s.id === serverId);
  const schedule = useRestartSchedule(server?.id, open);
  const current = restartTime(schedule.data?.restartAt);
  // null until the customer edits it, so the saved time shows once it has loaded.
  const [edited, setEdited] = useState<string | null>(null);
  const time = edited ?? current ?? DEFAULT_TIME;
  const [error, setError] = useState<string>();
  const save = useSetRestartSchedule();

  function pick(id: string) {
    setServerId(id);
    setEdited(null);
    setError(undefined);
  }

  function send(value: string | null) {
    if (!server) return;
    save.mutate(
      { id: server.id, time: value },
      {
        onSuccess: () => {
          if (value) toast.success(t('schedule.toast.saved'), { description: t('schedule.toast.savedText', { name: server.name, time: value }) });
          else toast.success(t('schedule.toast.off'), { description: t('schedule.toast.offText', { name: server.name }) });
          onOpenChange(false);
        },
        onError: (e) => toast.error(t('schedule.toast.failed'), { description: refusalMessage(e) }),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parseDailyTime(time);
    if (!value) {
      setError(t('schedule.badTime'));
      return;
    }
    send(value);
  }

  const hint = schedule.isPending
    ? t('schedule.loading')
    : current
      ? t('schedule.current', { time: current })
      : t('schedule.none');

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('servers.action.schedule')} description={t('schedule.description')}>
      {servers.length === 0 ? (
        <p className="text-sm text-muted">{t('schedule.noServers')}</p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field label={t('schedule.server')}>
            {({ id }) => (
              <Select id={id} value={serverId} onChange={(e) => pick(e.target.value)}>
                {servers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('schedule.timeLabel')} error={error} hint={hint}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                type="time"
                value={time}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => {
                  setEdited(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" disabled={save.isPending || !server} onClick={() => send(null)}>
              {t('schedule.turnOff')}
            </Button>
            <Button type="submit" disabled={save.isPending || !server}>
              {save.isPending ? t('schedule.saving') : t('schedule.save')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
