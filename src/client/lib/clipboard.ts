import { toast } from 'sonner';
import { translate } from './i18n';

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

/** `what` is already in the page's language ("Referral link"); so are the toasts. */
export async function copyWithToast(text: string, what: string, description = translate('clipboard.copiedDetail', { what })) {
  const copied = await copyText(text);
  if (copied) toast.success(translate('clipboard.copied'), { description });
  else toast.error(translate('clipboard.failed'), { description: translate('clipboard.failedDetail') });
  return copied;
}
