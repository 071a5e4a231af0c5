import type { ReactNode } from 'react';

/** The heading band at the top of an informational page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-grid border-b border-line">
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p>}
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-4 max-w-2xl text-base text-muted sm:text-lg">{children}</div>}
      </div>
    </section>
  );
}
