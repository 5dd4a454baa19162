import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/web/lib/cn';

/**
 * A form's label: a native <label> (asChild: its one child) that, as Radix's Label did, keeps a
 * double click from selecting its text, unless the click is on a control inside it. Written here:
 * Radix's Label and Primitive were two chunks, about 0.9 KB gzip, of every form's first view.
 */
export function Label({ className, asChild, onMouseDown, ...props }: ComponentProps<'label'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'label';
  return (
    <Comp
      className={cn('text-sm font-semibold text-stone-800', className)}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}
