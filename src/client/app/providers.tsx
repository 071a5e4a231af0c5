import { lazy, Suspense, type ReactNode } from 'react';

// The toaster loads after the first paint: no public page needs it to show its content.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <Toaster theme="dark" position="top-right" richColors closeButton />
      </Suspense>
    </>
  );
}
