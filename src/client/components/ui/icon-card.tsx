import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A list item with an icon, a title and a line of text, as used by the marketing pages' grids. */
export function IconCard({ icon: Icon, title, text, iconClass = 'text-accent' }: { icon: LucideIcon; title: string; text: string; iconClass?: string }) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-6">
      <Icon className={cn('h-6 w-6', iconClass)} aria-hidden="true" />
      <h3 className="mt-3 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
    </li>
  );
}
