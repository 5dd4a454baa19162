import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/** A placeholder block; hidden from assistive technology (the region announces loading instead). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('rounded-lg bg-stone-200/70 motion-safe:animate-pulse', className)} {...props} />;
}
