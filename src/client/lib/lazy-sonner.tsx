/**
 * Stands in for the `sonner` package in the production build: vite.config.ts sends every
 * `import … from 'sonner'` here, except this file's own. Toasts are rare and never part of a first
 * paint, so the 33 KB library loads the first time something raises one, instead of on every page.
 *
 * Sonner's `<Toaster>` only shows toasts raised after it has mounted, so a toast waits until the
 * library has loaded and the real Toaster has subscribed. Its id is returned at once, as sonner does.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type * as Sonner from 'sonner';

type SonnerModule = typeof Sonner;
type ToasterProps = Sonner.ToasterProps;
type Id = string | number;
type Options = { id?: Id } & Record<string, unknown>;

interface Host {
  show(Toaster: ComponentType<ToasterProps>): Promise<void>;
}

let host: Host | undefined;
let loaded: SonnerModule | undefined;
let ready: Promise<SonnerModule> | undefined;
let nextId = 0;

function load(): Promise<SonnerModule> {
  ready ??= import('sonner')
    .then(async (sonner) => {
      await host?.show(sonner.Toaster);
      loaded = sonner;
      return sonner;
    })
    .catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
  return ready;
}

function later(run: (sonner: SonnerModule) => void) {
  if (loaded) run(loaded);
  else void load().then(run, () => undefined);
}

type Method = 'success' | 'error' | 'info' | 'warning' | 'message' | 'loading';

function raise(method: Method | undefined, message: unknown, data?: Options): Id {
  const id = data?.id ?? `toast-${++nextId}`;
  later((sonner) => {
    const options = { ...data, id } as Sonner.ExternalToast;
    if (method) sonner.toast[method](message as string, options);
    else sonner.toast(message as string, options);
  });
  return id;
}

const methods = (['success', 'error', 'info', 'warning', 'message', 'loading'] as const).reduce(
  (all, method) => ({ ...all, [method]: (message: unknown, data?: Options) => raise(method, message, data) }),
  {} as Record<Method, (message: unknown, data?: Options) => Id>,
);

export const toast = Object.assign((message: unknown, data?: Options) => raise(undefined, message, data), methods, {
  dismiss(id?: Id) {
    later((sonner) => sonner.toast.dismiss(id));
    return id;
  },
}) as unknown as SonnerModule['toast'];

/** Renders nothing until the first toast, then sonner's own Toaster with these props. */
export function Toaster(props: ToasterProps) {
  const [Real, setReal] = useState<{ Toaster: ComponentType<ToasterProps>; mounted: () => void } | null>(null);
  useEffect(() => {
    const mine: Host = {
      show: (RealToaster) => new Promise<void>((mounted) => setReal({ Toaster: RealToaster, mounted })),
    };
    host = mine;
    if (loaded) setReal({ Toaster: loaded.Toaster, mounted: () => undefined });
    return () => {
      if (host === mine) host = undefined;
    };
  }, []);
  // A parent's effect runs after its children's: by now the real Toaster has subscribed.
  useEffect(() => Real?.mounted(), [Real]);
  return Real ? <Real.Toaster {...props} /> : null;
}
