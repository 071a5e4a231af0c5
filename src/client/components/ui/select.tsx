import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A native select: accessible and keyboard-friendly on every platform, styled to match. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        'w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-sm text-ink focus:border-accent focus:outline-none',
        className,
      )}
      {...props}
    />
  );
});
