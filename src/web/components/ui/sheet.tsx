import type { ComponentProps, RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '@/web/lib/cn';
import { useReturnFocus } from './return-focus';
import { DialogCloseButton, DialogOverlay, DialogPortal } from './dialog';

// A sheet is a dialog that slides in from an edge: the same focus trap and focus return.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

type Side = 'right' | 'left' | 'bottom';

const sides: Record<Side, string> = {
  right:
    'inset-y-0 right-0 h-full w-[min(22rem,calc(100%-3rem))] border-l data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right',
  left:
    'inset-y-0 left-0 h-full w-[min(22rem,calc(100%-3rem))] border-r data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left',
  bottom:
    'inset-x-0 bottom-0 max-h-[90dvh] rounded-t-3xl border-t data-[state=open]:animate-slide-in-bottom data-[state=closed]:animate-slide-out-bottom',
};

export type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  side?: Side;
  closeLabel?: string;
  /** Where the focus goes on close, when the sheet is opened by a button that is not its trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

export function SheetContent({ side = 'right', className, children, closeLabel, returnFocusTo, onOpenAutoFocus, onCloseAutoFocus, ...props }: SheetContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus, returnFocusTo);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col border-stone-200 bg-white shadow-2xl focus:outline-none',
          sides[side],
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogCloseButton label={closeLabel} className="absolute top-3 right-3" />
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 px-6 pt-6 pb-4 pr-14', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-bold tracking-tight text-stone-900', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-stone-600', className)} {...props} />;
}
