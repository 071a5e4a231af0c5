import type { ReactNode } from 'react';
// In the production build this is src/client/lib/lazy-sonner.tsx (see vite.config.ts): the toaster
// and its library load with the first toast, so no page pays for them before it needs one.
import { Toaster } from 'sonner';
import { useT } from '../lib/i18n';

export function AppProviders({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      {children}
      <Toaster
        theme="dark"
        position="top-right"
        // Below the 64 px header, never over its buttons: a toast under the pointer pauses and stays,
        // and one over the account menu button kept it from being clicked. An open menu's lower
        // items can still sit under a toast on a narrow desktop until it goes or is closed.
        offset={{ top: 80 }}
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
        containerAriaLabel={t('layout.toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('layout.toasts.close') }}
      />
    </>
  );
}
