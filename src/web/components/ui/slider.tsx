import type { CSSProperties } from 'react';
import { cn } from '@/web/lib/cn';

type RangeSliderProps = {
  min: number;
  max: number;
  step: number;
  value: [number, number];
  onValueChange: (value: [number, number]) => void;
  /** Each thumb's accessible name: a range has two, and "slider" alone says nothing about which end it moves. */
  thumbLabels: [string, string];
  /** How a value is read out (aria-valuetext), e.g. as rupees. */
  valueText?: (value: number) => string;
  'aria-labelledby'?: string;
  className?: string;
};

/**
 * A two-thumb range slider made of two native `<input type="range">`: the browser provides the
 * slider role, its value and the keyboard (arrows, Page Up/Down, Home/End) with no script. The
 * thumbs keep at least one step apart; their look is `.range-input` in styles.css.
 */
export function RangeSlider({ min, max, step, value, onValueChange, thumbLabels, valueText, className, ...rest }: RangeSliderProps) {
  const [low, high] = value;
  const percent = (v: number) => ((v - min) / (max - min)) * 100;
  const range: CSSProperties = { left: `${percent(low)}%`, right: `${100 - percent(high)}%` };
  const thumbs: { value: number; moveTo: (v: number) => [number, number]; onTop?: boolean }[] = [
    // Both at the top end, the low thumb must stay reachable: it goes above the high one.
    { value: low, moveTo: (v) => [Math.min(v, high - step), high], onTop: low >= max - step },
    { value: high, moveTo: (v) => [low, Math.max(v, low + step)] },
  ];
  return (
    <div role="group" aria-labelledby={rest['aria-labelledby']} className={cn('relative flex h-6 w-full touch-none items-center select-none', className)}>
      {/* Inset by half a thumb: a native thumb's centre travels from half its width to the other end. */}
      <div className="absolute inset-x-3 h-1.5 rounded-full bg-stone-200">
        <div className="absolute h-full rounded-full bg-primary-600" style={range} />
      </div>
      {thumbs.map((thumb, i) => (
        <input
          key={thumbLabels[i]}
          type="range"
          aria-label={thumbLabels[i]}
          aria-valuetext={valueText?.(thumb.value)}
          min={min}
          max={max}
          step={step}
          value={thumb.value}
          onChange={(e) => onValueChange(thumb.moveTo(Number(e.target.value)))}
          className={cn('range-input', thumb.onTop && 'z-10')}
        />
      ))}
    </div>
  );
}
