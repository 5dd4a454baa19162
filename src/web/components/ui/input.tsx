import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export const fieldControlClass =
  'w-full rounded-xl border border-stone-300 bg-white px-4 text-base text-stone-900 shadow-xs ' +
  'placeholder:text-stone-500 transition-colors hover:border-stone-400 ' +
  'focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/30 ' +
  'aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700/30 ' +
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type ?? 'text'} className={cn(fieldControlClass, 'h-12', className)} {...props} />;
}
