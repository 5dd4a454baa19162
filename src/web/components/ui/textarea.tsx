import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';
import { fieldControlClass } from './input';

export function Textarea({ className, rows, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows ?? 5} className={cn(fieldControlClass, 'min-h-28 resize-y py-3 leading-relaxed', className)} {...props} />;
}
