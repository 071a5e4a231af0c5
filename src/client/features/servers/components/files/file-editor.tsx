import { ArrowLeft, Download, Loader2, Save } from 'lucide-react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MAX_EDIT_BYTES } from '../../../../../shared/schemas/server-files';
import { buttonClass, Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { translate, useT } from '../../../../lib/i18n';
import { fileDownloadUrl } from '../../api/download-file';
import { useFileContent } from '../../api/get-file-content';
import { useSaveFile } from '../../api/save-file';
import { formatBytes } from '../../format';
import { fileErrorMessage } from './file-errors';
import { baseName, filesHref, parentOf } from './file-paths';

/** What is being edited: the text as loaded (or last saved) and as it is now. */
export interface Draft {
  path: string;
  base: string;
  text: string;
}

const tooLarge = () => translate('files.editor.tooLarge', { size: formatBytes(MAX_EDIT_BYTES) });

/**
 * A plain editor for one text file: a monospace text area and Save (also Ctrl+S / Cmd+S). The
 * text lives in the page's draft, so it survives the Back button; large and binary files are
 * refused by the server, and its words are shown with a Download link instead.
 */
export function FileEditor({
  serverId,
  path,
  draft,
  onDraft,
}: {
  serverId: string;
  path: string;
  draft: Draft | null;
  onDraft: (draft: Draft) => void;
}) {
  const t = useT();
  const content = useFileContent(serverId, path);
  const save = useSaveFile(serverId);
  const areaId = useId();
  const statusId = useId();
  const name = baseName(path);
  const mine = draft?.path === path ? draft : null;
  const dirty = Boolean(mine && mine.text !== mine.base);
  const { reset: resetSave } = save;

  // The loaded text becomes the draft, unless the person already has one for this file.
  useEffect(() => {
    if (content.data && draft?.path !== path) onDraft({ path, base: content.data.content, text: content.data.content });
  }, [content.data, draft?.path, path, onDraft]);

  useEffect(() => resetSave(), [path, resetSave]);

  function saveNow() {
    if (!mine || save.isPending) return;
    if (new TextEncoder().encode(mine.text).length > MAX_EDIT_BYTES) {
      toast.error(t('files.editor.notSaved'), { description: tooLarge() });
      return;
    }
    const text = mine.text;
    save.mutate(
      { path, content: text },
      {
        onSuccess: () => {
          onDraft({ path, base: text, text });
          toast.success(t('files.editor.saved'), { description: t('files.editor.savedText', { name }) });
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      saveNow();
    }
  }

  const back = (
    <Link to={filesHref(serverId, { dir: parentOf(path) })} className={buttonClass('outline', 'sm')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('files.editor.back')}
    </Link>
  );

  if (content.isError && !mine) {
    const refused = content.error instanceof ApiError && (content.error.code === 'file_too_large' || content.error.code === 'not_text');
    return (
      <section aria-label={t('files.editor.editing', { name })} className="space-y-4">
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
          <p className="font-semibold">{t('files.editor.cannotOpen', { name })}</p>
          <p className="mt-1">{fileErrorMessage(content.error)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {back}
          {refused && (
            <a href={fileDownloadUrl(serverId, path)} download={name} className={buttonClass('secondary', 'sm')}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('files.downloadName', { name })}
            </a>
          )}
          {!refused && (
            <Button size="sm" variant="secondary" onClick={() => void content.refetch()}>
              {t('files.tryAgain')}
            </Button>
          )}
        </div>
      </section>
    );
  }

  if (!mine) {
    return (
      <p role="status" className="flex items-center gap-2 py-10 text-muted">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> {t('files.editor.opening', { name })}
      </p>
    );
  }

  return (
    <section aria-label={t('files.editor.editing', { name })} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {back}
          <a href={fileDownloadUrl(serverId, path)} download={name} className={buttonClass('ghost', 'sm')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('files.download')}
          </a>
        </div>
        <div className="flex items-center gap-3">
          <span id={statusId} role="status" className={dirty ? 'text-sm font-semibold text-warn' : 'text-sm text-muted'}>
            {save.isPending ? t('files.editor.saving') : dirty ? t('files.editor.unsaved') : t('files.editor.allSaved')}
          </span>
          <Button size="sm" onClick={saveNow} disabled={!dirty || save.isPending} aria-keyshortcuts="Control+S Meta+S">
            <Save className="h-4 w-4" aria-hidden="true" />
            {t('files.editor.save')} <span className="sr-only">{name}</span>
          </Button>
        </div>
      </div>
      {save.isError && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          {t('files.editor.saveFailed', { name, reason: fileErrorMessage(save.error) })}
        </p>
      )}
      <label htmlFor={areaId} className="sr-only">
        {t('files.editor.contents', { name })}
      </label>
      <textarea
        id={areaId}
        value={mine.text}
        onChange={(e) => onDraft({ ...mine, text: e.target.value })}
        onKeyDown={onKeyDown}
        aria-describedby={statusId}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        className="block h-[60vh] min-h-64 w-full resize-y rounded-xl border border-line bg-bg p-3 font-mono text-sm leading-relaxed text-ink focus:border-accent focus:outline-none"
      />
      <p className="text-xs text-muted">{t('files.editor.help')}</p>
    </section>
  );
}
