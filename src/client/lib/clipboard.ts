import { toast } from 'sonner';

/** Copies with the async Clipboard API, falling back to a hidden text area for older browsers. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or insecure context: try the fallback below.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  } catch {
    return false;
  }
}

export async function copyWithToast(text: string, what: string, description = `${what} copied to your clipboard.`) {
  const copied = await copyText(text);
  if (copied) toast.success('Copied', { description });
  else toast.error('Copy Failed', { description: `Select the ${what.toLowerCase()} and copy it yourself.` });
  return copied;
}
