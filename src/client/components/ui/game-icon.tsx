import { Car, Gamepad2, PawPrint, Pickaxe } from 'lucide-react';
import { cn } from '../../lib/cn';

const styles: Record<string, { icon: typeof Car; tint: string }> = {
  minecraft: { icon: Pickaxe, tint: 'from-emerald-500/30 to-lime-500/10 text-emerald-300' },
  fivem: { icon: Car, tint: 'from-orange-500/30 to-amber-500/10 text-orange-300' },
  palworld: { icon: PawPrint, tint: 'from-sky-500/30 to-violet-500/10 text-sky-300' },
};

/** A game's badge: an icon on its own tint, so cards differ at a glance. */
export function GameIcon({ game, className }: { game: string; className?: string }) {
  const style = styles[game] ?? { icon: Gamepad2, tint: 'from-violet-500/30 to-violet-500/10 text-violet' };
  const Icon = style.icon;
  return (
    <span
      className={cn(
        'inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-gradient-to-br',
        style.tint,
        className,
      )}
    >
      <Icon className="h-7 w-7" aria-hidden="true" />
    </span>
  );
}
