import { Send } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/field';
import { refusalMessage } from '../../../lib/field-message';
import { useT } from '../../../lib/i18n';
import type { DashboardKey } from '../../../../shared/i18n/keys';
import { useConsoleStream, type ConsoleState } from '../api/console-stream';
import type { ServerBasics } from '../api/get-servers';
import { useSendCommand } from '../api/send-command';
import { commandDisabledReason } from '../server-rules';

const stateText: Record<ConsoleState, DashboardKey | null> = {
  connecting: 'console.state.connecting',
  open: null,
  reconnecting: 'console.state.reconnecting',
  unavailable: 'console.state.unavailable',
  ended: 'console.state.ended',
};

/** The live output of the server, streamed through our API, with a command line under it. */
export function ConsoleDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const { lines, state, endReason, reconnect } = useConsoleStream(server.id, open);
  const send = useSendCommand(server.id);
  const [command, setCommand] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const inputId = useId();
  const reasonId = useId();
  const reason = commandDisabledReason(server.status);

  useLayoutEffect(() => {
    const el = logRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [lines]);

  function onScroll() {
    const el = logRef.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = command.trim();
    if (!text || reason) return;
    send.mutate(text, {
      onSuccess: () => {
        setCommand('');
        stick.current = true;
      },
      onError: (error) => toast.error(t('console.toast.failed'), { description: refusalMessage(error) }),
    });
  }

  const noteKey = stateText[state];
  const note = noteKey ? t(noteKey) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('console.title', { name: server.name })} description={t('console.description')}>
      <div
        ref={logRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('console.output')}
        tabIndex={0}
        className="h-72 overflow-y-auto rounded-lg border border-line bg-black/70 p-3 font-mono text-xs leading-relaxed text-ink"
      >
        {lines.length === 0 && state === 'open' && <p className="text-muted">{t('console.empty')}</p>}
        {lines.map((l) => (
          <div key={l.key} className="whitespace-pre-wrap break-all">
            {l.line}
          </div>
        ))}
      </div>
      {note && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className="text-xs text-muted">
            {state === 'ended' && endReason ? `${note} ${endReason}` : note}
          </p>
          {(state === 'ended' || state === 'unavailable') && (
            <Button size="sm" variant="outline" onClick={reconnect}>
              {t('console.reconnect')}
            </Button>
          )}
        </div>
      )}
      <form onSubmit={submit} className="mt-4 space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {t('console.command')}
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            placeholder={t('console.placeholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            className="font-mono"
            aria-describedby={reason ? reasonId : undefined}
            disabled={Boolean(reason)}
          />
          <Button
            type="submit"
            size="md"
            disabled={Boolean(reason) || send.isPending}
            aria-describedby={reason ? reasonId : undefined}
            title={reason ?? undefined}
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            {t('console.send')}
          </Button>
        </div>
        {reason && (
          <p id={reasonId} className="text-xs text-muted">
            {reason}
          </p>
        )}
      </form>
    </Dialog>
  );
}
