import type { ComponentProps } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/web/lib/cn';

/** A pressable chip for multi-choice fields (pet sizes, amenities). */
export function ToggleChip({ pressed, className, children, ...props }: ComponentProps<'button'> & { pressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2',
        pressed
          ? 'border-primary-600 bg-primary-50 text-primary-900 hover:bg-primary-100'
          : 'border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50',
        className,
      )}
      {...props}
    >
      {pressed && <Check className="size-4 shrink-0 text-primary-700" aria-hidden="true" />}
      {children}
    </button>
  );
}
