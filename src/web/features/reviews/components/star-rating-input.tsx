import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { FieldError } from '@/web/components/ui/form-field';
import { cn } from '@/web/lib/cn';

const WORDS: readonly MessageDescriptor[] = [msg`Poor`, msg`Fair`, msg`Good`, msg`Very good`, msg`Excellent`];

/**
 * 1 to 5 stars as a native radio group: one tab stop, arrow keys move and choose, and screen
 * readers announce "3 stars, Good, 3 of 5". Each input lies invisible over its star; hovering
 * previews a rating without choosing it.
 */
export function StarRatingInput({
  value,
  onChange,
  legend,
  error,
}: {
  value: number | undefined;
  onChange: (rating: number) => void;
  legend: string;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hover, setHover] = useState<number>();
  const shown = hover ?? value ?? 0;
  const { i18n } = useLingui();
  const word = (n: number) => i18n._(WORDS[n - 1]!);
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex" onMouseLeave={() => setHover(undefined)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="group relative flex size-11 cursor-pointer items-center justify-center rounded-full has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-primary-600"
              onMouseEnter={() => setHover(n)}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-invalid={Boolean(error) || undefined}
                // Over the star, invisible: a click or tap lands on the radio itself.
                className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
              />
              <Star
                aria-hidden="true"
                className={cn('pointer-events-none size-8 transition-colors', n <= shown ? 'fill-current text-primary-600' : 'text-stone-400')}
              />
              <span className="sr-only">
                <Plural value={n} one="# star" other="# stars" />, {word(n)}
              </span>
            </label>
          ))}
        </div>
        <span className="text-sm font-medium text-stone-700" aria-hidden="true">
          {shown > 0 ? word(shown) : ''}
        </span>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
