import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'link' | 'inverse' | 'ghost-inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold ' +
  'transition-[background-color,color,box-shadow,border-color] duration-150 select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 ' +
  '[&_svg]:pointer-events-none [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  // White on primary-600 is 5.3:1, on primary-700 6.9:1.
  primary: 'bg-primary-600 text-white shadow-sm hover:bg-primary-700 active:bg-primary-800',
  secondary: 'bg-primary-100 text-primary-800 hover:bg-primary-200',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:border-stone-400 hover:bg-stone-50',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  link: 'rounded-md px-0 text-primary-700 underline-offset-4 hover:underline',
  inverse: 'bg-white text-primary-800 shadow-sm hover:bg-primary-50 focus-visible:outline-white',
  // For dark (primary-700) backgrounds.
  'ghost-inverse': 'text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm [&_svg]:size-4',
  md: 'h-11 px-5 text-[0.9375rem] [&_svg]:size-4',
  lg: 'h-12 px-7 text-base [&_svg]:size-5',
  icon: 'size-11 [&_svg]:size-5',
  'icon-sm': 'size-9 [&_svg]:size-4',
};

export function buttonVariants({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], variant === 'link' ? 'h-auto text-[0.9375rem]' : sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

// No `asChild`: nothing used it, and Radix's Slot was about 1 KB gzip of every page's first view.
// A link that looks like a button takes `buttonVariants()` as its class.
export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonVariants({ variant, size, className })} {...props} />;
}
