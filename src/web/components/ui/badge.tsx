import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export type BadgeVariant = 'neutral' | 'primary' | 'verified' | 'solid' | 'outline';

const variants: Record<BadgeVariant, string> = {
  neutral: 'bg-stone-100 text-stone-700',
  primary: 'bg-primary-100 text-primary-800',
  // emerald-800 on emerald-50 is 7.4:1.
  verified: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/15',
  solid: 'bg-white/95 text-stone-900 shadow-sm',
  outline: 'border border-stone-300 text-stone-700',
};

export function Badge({ variant = 'neutral', className, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
