import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CatalogDraft } from '../../../../../shared/catalog-draft';
import type { CatalogPreview, SaveCatalogResult } from '../../../../../shared/schemas/admin/catalog';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/errors';
import { isLocale, localeNames } from '../../../../../shared/i18n/locales';
import { usePreviewCatalog } from '../api/preview-catalog';
import { useSaveCatalog } from '../api/save-catalog';

const whatLabels: Record<string, string> = {
  priceCents: 'price',
  ramGb: 'RAM',
  vcpu: 'vCPU',
  diskGb: 'disk',
  playerCap: 'players',
  maxQuantity: 'most per server',
  discountPercent: 'discount',
  panelLocation: 'panel location',
  recommended: 'recommended',
};

/** "tagline (de)", a text in another language (decision 077), as "tagline in Deutsch". */
function whatLabel(what: string): string {
  const translated = /^(\w+) \(([A-Za-z-]+)\)$/.exec(what);
  if (translated && isLocale(translated[2])) return `${translated[1]} in ${localeNames[translated[2]]}`;
  return whatLabels[what] ?? what;
}

function services(n: number) {
  return `${n} running ${n === 1 ? 'service' : 'services'}`;
}

function Impact({ preview }: { preview: CatalogPreview }) {
  if (preview.increases === 0 && preview.decreases === 0) {
    return <p className="text-sm text-muted">No running service changes price.</p>;
  }
  return (
    <ul className="space-y-1 text-sm">
      {preview.increases > 0 && (
        <li>
          <span className="font-semibold text-warn">{services(preview.increases)} will pay more.</span> Their owners are emailed today and see a
          notice on their dashboard; the new price starts at their first renewal at least 30 days from now.
        </li>
      )}
      {preview.decreases > 0 && (
        <li>
          <span className="font-semibold text-accent">{services(preview.decreases)} will pay less</span> from their next renewal; their owners
          are told by email.
        </li>
      )}
    </ul>
  );
}

/** Shows what a save changes and whom it reaches, asks why, and saves the next version. */
export function ReviewDialog({
  open,
  onOpenChange,
  baseVersion,
  draft,
  onSaved,
  onStale,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  baseVersion: number;
  draft: CatalogDraft;
  onSaved: (result: SaveCatalogResult) => void;
  onStale: () => void;
}) {
  const preview = usePreviewCatalog();
  const save = useSaveCatalog();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const formId = useId();
  const { mutate: runPreview, reset: resetPreview } = preview;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setStale(false);
    resetPreview();
    // The reason is only checked on save; the preview needs a placeholder to pass the schema.
    runPreview(
      { baseVersion, catalog: draft, reason: 'preview' },
      {
        onError: (e) => {
          setError(errorMessage(e));
          if (e instanceof ApiError && e.code === 'catalog_changed') setStale(true);
        },
      },
    );
  }, [open, baseVersion, draft, runPreview, resetPreview]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Say in a few words why, for the audit log.');
      return;
    }
    setError(null);
    try {
      onSaved(await save.mutateAsync({ baseVersion, catalog: draft, reason: reason.trim() }));
      setReason('');
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError && e.code === 'catalog_changed') setStale(true);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Save catalog version ${baseVersion + 1}`} description="Check what changes, then say why.">
      {preview.isPending && <p className="text-sm text-muted">Working out what changes...</p>}
      {preview.data && (
        <div className="space-y-4">
          <div>
            <h3 className="text-sm font-semibold">Changes</h3>
            <ul className="mt-1 max-h-56 space-y-1 overflow-y-auto text-sm" aria-label="Changes">
              {preview.data.changes.map((c) => (
                <li key={`${c.section}.${c.key}.${c.what}`}>
                  <span className="font-medium">{c.label}</span>
                  {c.what === 'added' && <> — added ({c.after})</>}
                  {c.what === 'hidden' && <> — taken off sale</>}
                  {c.what === 'shown' && <> — put on sale</>}
                  {!['added', 'hidden', 'shown'].includes(c.what) && (
                    <>
                      {' '}
                      {whatLabel(c.what)}: <span className="text-muted line-through">{c.before}</span> → <span className="text-accent">{c.after}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
          <Impact preview={preview.data} />
          {(preview.data.warnings ?? []).length > 0 && (
            <div role="status" className="rounded-lg border border-warn/50 bg-warn/10 px-3 py-2 text-sm">
              <p className="font-semibold">Priced under a minimum card payment (saved anyway)</p>
              <ul className="mt-1 space-y-1" aria-label="Price warnings">
                {preview.data.warnings.map((w) => (
                  <li key={w.field}>{w.message}</li>
                ))}
              </ul>
            </div>
          )}
          <form id={formId} onSubmit={submit}>
            <Field label="Why (kept with the version and in the audit log)">
              {({ id, describedBy }) => (
                <Textarea id={id} aria-describedby={describedBy} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
              )}
            </Field>
          </form>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        {stale ? (
          <Button onClick={onStale}>Reload the catalog</Button>
        ) : (
          <Button type="submit" form={formId} disabled={!preview.data || save.isPending}>
            {save.isPending ? 'Saving...' : `Save version ${baseVersion + 1}`}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
