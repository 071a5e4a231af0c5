import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useT } from '../../../../lib/i18n';

/**
 * The frame of the dialogs that run a task on a server ('Change plan', 'Change software', 'Move
 * region'): a body that changes view as the task goes (choose, progress, outcome). The pressed
 * control is gone with its view, so each new view takes the focus (not the first one, which the
 * dialog focuses itself).
 */
export function TaskDialog({
  open,
  onOpenChange,
  title,
  description,
  view,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** 'loading', 'choose', or a name and the task's id ('moving-<id>'): a change moves the focus. */
  view: string;
  children: ReactNode;
}) {
  const viewRef = useRef<HTMLDivElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    if (view === 'loading') return;
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    viewRef.current?.focus();
  }, [view]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div ref={viewRef} tabIndex={-1} className="outline-none" data-view={view.split('-')[0]}>
        {children}
      </div>
    </Dialog>
  );
}

/** The body while the task's options load, or when they could not, with 'Try again'. */
export function TaskOptionsState({ error, loadingText, onRetry }: { error: string | null; loadingText: string; onRetry: () => void }) {
  const t = useT();
  if (error === null) {
    return (
      <p role="status" className="text-sm text-muted">
        {loadingText}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
        {error}
      </p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('task.tryAgain')}
      </Button>
    </div>
  );
}

/** The body once the task ended: how, then 'Done' when it succeeded, else a way to choose again. */
export function TaskEnded({
  outcome,
  succeeded,
  againLabel,
  onDone,
  onAgain,
}: {
  outcome: ReactNode;
  succeeded: boolean;
  againLabel: string;
  onDone: () => void;
  onAgain: () => void;
}) {
  const t = useT();
  return (
    <div className="space-y-4">
      {outcome}
      <div className="flex flex-wrap gap-2">
        {succeeded ? (
          <Button onClick={onDone}>{t('task.done')}</Button>
        ) : (
          <Button variant="outline" onClick={onAgain}>
            {againLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
