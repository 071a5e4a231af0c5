import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { brandAssetMaxBytes, brandAssetTypes, type BrandAssetKind } from '../../../../../shared/brand';
import { Button } from '../../../../components/ui/button';
import { primeBrand } from '../../../../lib/brand';
import { errorMessage } from '../../../../lib/errors';
import { useRemoveBrandAsset, useUploadBrandAsset } from '../api/brand-settings';

const copy: Record<BrandAssetKind, { label: string; accept: string; formats: string; wrongType: string; builtIn: string }> = {
  logo: { label: 'Logo', accept: 'image/png,image/webp,image/jpeg', formats: 'PNG, WebP or JPEG', wrongType: 'The logo must be a PNG, WebP or JPEG image.', builtIn: 'the built-in mark beside the shop name' },
  favicon: { label: 'Favicon', accept: 'image/png,image/x-icon,.ico', formats: 'PNG or ICO, square', wrongType: 'The favicon must be a PNG or ICO image.', builtIn: 'the built-in icon' },
};

/** Upload or remove the logo or favicon; the server checks the bytes, the size is checked here first to spare the upload. */
export function BrandImageField({ kind, current, name }: { kind: BrandAssetKind; current: string | null; name: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadBrandAsset();
  const remove = useRemoveBrandAsset();
  const { label, accept, formats, wrongType, builtIn } = copy[kind];
  const max = brandAssetMaxBytes[kind];
  const busy = upload.isPending || remove.isPending;

  async function send(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(undefined);
    // The type the browser gives (from the name) spares an upload the server would refuse; the server still checks the bytes.
    if (file.type && !brandAssetTypes[kind].includes(file.type)) {
      setError(wrongType);
      return;
    }
    if (file.size > max) {
      setError(`The ${kind} is ${Math.ceil(file.size / 1024)} KB; it can be at most ${max / 1024} KB.`);
      return;
    }
    try {
      primeBrand(await upload.mutateAsync({ kind, file }));
      toast.success(`${label} uploaded`, { description: 'Pages show it within a few seconds.' });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function drop() {
    setError(undefined);
    try {
      primeBrand(await remove.mutateAsync(kind));
      toast.success(`${label} removed`, { description: `Pages show ${builtIn} again.` });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex min-h-16 items-center gap-3 rounded-lg border border-line bg-bg p-3">
        {current ? (
          <img src={current} alt={`Current ${kind} of ${name}`} className={kind === 'logo' ? 'max-h-10 max-w-[12rem]' : 'h-8 w-8'} />
        ) : (
          <span className="text-sm text-muted">None uploaded: pages show {builtIn}.</span>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        className="text-sm text-muted file:mr-3 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink"
        onChange={(e) => void send(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {formats}, up to {max / 1024} KB. SVG is not accepted, as it can carry script.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
      {upload.isPending && <p className="text-xs text-muted">Uploading...</p>}
      {current && (
        <div>
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void drop()}>
            Remove {kind}
          </Button>
        </div>
      )}
    </div>
  );
}
