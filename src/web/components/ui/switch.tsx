import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * An on/off switch: a native checkbox with role="switch", so the browser gives it its state, Space
 * and the form behaviour with no script. The thumb is a radial gradient that slides across the
 * track. Enter submits the form it is in, as a checkbox does (the switch pattern requires Space
 * only). Label it with a <Label htmlFor> or aria-label.
 */
export function Switch({
  className,
  onChange,
  onCheckedChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'role'> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      role="switch"
      onChange={(e) => {
        onChange?.(e);
        onCheckedChange?.(e.target.checked);
      }}
      className={cn(
        'h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-400 checked:bg-primary-600',
        'bg-[radial-gradient(circle,white_0.55rem,transparent_calc(0.55rem+1px))] bg-size-[1.5rem_1.5rem] bg-left bg-no-repeat checked:bg-right',
        'transition-[background-color,background-position] motion-reduce:transition-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        // Forced colours drop the gradient thumb and the track colours: the system's own checkbox shows the state.
        'forced-colors:appearance-auto',
        className,
      )}
      {...props}
    />
  );
}
