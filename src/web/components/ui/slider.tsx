import { type CSSProperties, type PointerEvent, useRef } from 'react';
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

/** Half the thumb's width (1.5rem, `.range-input` in styles.css): a thumb's centre travels from here to the other end. */
const THUMB_HALF_PX = 12;

/**
 * A two-thumb range slider. Each thumb is a native `<input type="range">`, so the browser gives
 * it the slider role, its value and the keyboard (arrows, Page Up/Down, Home/End). The pointer is
 * handled here, on the whole track: a press moves the nearest thumb there and drags it, as a
 * single native input cannot tell which of two stacked thumbs was meant. The thumbs stay at least
 * one step apart, and a move never pushes a thumb the wrong way.
 */
export function RangeSlider({ min, max, step, value, onValueChange, thumbLabels, valueText, className, 'aria-labelledby': labelledBy }: RangeSliderProps) {
  const [low, high] = value;
  const inputs = [useRef<HTMLInputElement>(null), useRef<HTMLInputElement>(null)] as const;
  const dragging = useRef<0 | 1 | null>(null);
  const percent = (v: number) => ((v - min) / (max - min)) * 100;
  const range: CSSProperties = { left: `${percent(low)}%`, right: `${100 - percent(high)}%` };

  const move = (thumb: 0 | 1, to: number) =>
    onValueChange(thumb === 0 ? [Math.min(to, Math.max(high - step, low)), high] : [low, Math.max(to, Math.min(low + step, high))]);

  const valueAt = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (e.clientX - rect.left - THUMB_HALF_PX) / (rect.width - 2 * THUMB_HALF_PX)));
    return min + Math.round((ratio * (max - min)) / step) * step;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const at = valueAt(e);
    const thumb = at <= low ? 0 : at >= high ? 1 : at - low < high - at ? 0 : 1;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    dragging.current = thumb;
    inputs[thumb].current?.focus();
    move(thumb, at);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current !== null) move(dragging.current, valueAt(e));
  };
  const stop = () => {
    dragging.current = null;
  };

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      className={cn('relative flex h-6 w-full cursor-pointer touch-none items-center select-none', className)}
    >
      {/* Inset by half a thumb, so that the filled range ends at the thumbs' centres. */}
      <div className="absolute inset-x-3 h-1.5 rounded-full bg-stone-200 forced-colors:border forced-colors:border-[CanvasText]">
        <div className="absolute h-full rounded-full bg-primary-600 forced-color-adjust-none forced-colors:bg-[Highlight]" style={range} />
      </div>
      {[low, high].map((thumbValue, i) => (
        <input
          key={thumbLabels[i]}
          ref={inputs[i as 0 | 1]}
          type="range"
          aria-label={thumbLabels[i]}
          aria-valuetext={valueText?.(thumbValue)}
          min={min}
          max={max}
          step={step}
          value={thumbValue}
          onChange={(e) => move(i as 0 | 1, Number(e.target.value))}
          className="range-input"
        />
      ))}
    </div>
  );
}
