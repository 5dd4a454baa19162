import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { fieldControlClass } from './input';

/** A native select styled like the inputs: the platform's picker is the most usable on phones. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(fieldControlClass, 'h-12 appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
    </div>
  );
}
