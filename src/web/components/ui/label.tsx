import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * A form's label: a native <label> (or, `as="span"`, the name of a group that `aria-labelledby`
 * points to) that, as Radix's Label did, keeps a double click from selecting its text, unless the
 * click is on a control inside it. Written here: Radix's Label and Primitive were two chunks, about
 * 0.9 KB gzip, of every form's first view.
 */
export function Label({ className, as: Tag = 'label', onMouseDown, ...props }: ComponentProps<'label'> & { as?: 'label' | 'span' }) {
  return (
    <Tag
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
