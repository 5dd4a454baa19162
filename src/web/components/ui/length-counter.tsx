import { cn } from '@/web/lib/cn';

/** A text field's hint with its length against the limit, red once over it. */
export function LengthCounter({ length, max, text }: { length: number; max: number; text: string }) {
  return (
    <span className="flex justify-between gap-4">
      <span>{text}</span>
      <span className={cn('shrink-0 tabular-nums', length > max && 'font-semibold text-red-700')}>
        {length}/{max}
      </span>
    </span>
  );
}
