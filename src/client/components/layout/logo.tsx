import { BRAND } from '../../lib/brand';

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#121a2b" />
        <path d="M16 5l9 5v12l-9 5-9-5V10z" fill="none" stroke="#4ade80" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="3.5" fill="#4ade80" />
      </svg>
      {BRAND}
    </span>
  );
}
