import * as SliderPrimitive from '@radix-ui/react-slider';
import { cx } from './cx';

/**
 * A value on a scale (Radix Slider): arrows step, Page Up/Down jump, Home/End go to the ends.
 * aria-valuetext says the value in words for screen readers.
 */
export const Slider = ({
  value,
  onValueChange,
  min,
  max,
  step = 1,
  label,
  valueText,
  className = '',
  trackClassName = 'bg-surface-sunken',
  describedBy,
}: {
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  label: string;
  valueText: string;
  className?: string;
  trackClassName?: string;
  describedBy?: string;
}) => (
  <SliderPrimitive.Root
    value={[value]}
    onValueChange={([next]) => next !== undefined && onValueChange(next)}
    min={min}
    max={max}
    step={step}
    className={cx('relative flex h-10 w-full touch-none items-center select-none', className)}
  >
    <SliderPrimitive.Track
      className={cx(
        'relative h-2 w-full grow overflow-hidden rounded-full border border-line-strong',
        trackClassName,
      )}
    >
      <SliderPrimitive.Range className="absolute h-full" />
    </SliderPrimitive.Track>
    <SliderPrimitive.Thumb
      aria-label={label}
      aria-valuetext={valueText}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      className="block size-7 cursor-grab rounded-full border-2 border-accent bg-surface shadow-raised transition-shadow hover:ring-4 hover:ring-accent-soft active:cursor-grabbing"
    />
  </SliderPrimitive.Root>
);
