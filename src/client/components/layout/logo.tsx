import { useBrand } from '../../lib/brand';

/** The shop's logo as staff uploaded it (Settings → Brand), or the built-in mark in its colour, beside its name. */
export function Logo() {
  const brand = useBrand();
  if (brand.logo) {
    return (
      <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink">
        <img src={brand.logo} alt={brand.name} className="h-8 w-auto max-w-[10rem] object-contain" />
      </span>
    );
  }
  return (
    <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#121a2b" />
        <path d="M16 5l9 5v12l-9 5-9-5V10z" fill="none" className="stroke-accent" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="3.5" className="fill-accent" />
      </svg>
      {brand.name}
    </span>
  );
}
