import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import type { ReactNode } from 'react';
import { cx } from './cx';

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode };

/**
 * One choice out of a few, as selectable cards: Tab enters the group, arrows move and
 * choose, Space chooses. Name the group with aria-labelledby (a legend or heading).
 */
export const RadioCards = ({
  options,
  value,
  onValueChange,
  disabled,
  className = '',
  ...aria
}: {
  options: readonly RadioOption[];
  value: string | null;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}) => (
  <RadioGroupPrimitive.Root
    value={value ?? ''}
    onValueChange={onValueChange}
    disabled={disabled}
    className={cx('grid gap-2', className)}
    {...aria}
  >
    {options.map((option) => (
      <RadioGroupPrimitive.Item
        key={option.value}
        value={option.value}
        className="group flex w-full cursor-pointer items-center gap-3 rounded-lg border border-line-strong bg-surface p-4 text-left transition-colors hover:bg-surface-sunken data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-line-strong bg-surface group-data-[state=checked]:border-accent">
          <RadioGroupPrimitive.Indicator className="block size-2.5 rounded-full bg-accent" />
        </span>
        <span className="min-w-0">
          <span className="block text-lead font-medium">{option.label}</span>
          {option.description && (
            <span className="block text-small text-ink-muted">{option.description}</span>
          )}
        </span>
      </RadioGroupPrimitive.Item>
    ))}
  </RadioGroupPrimitive.Root>
);
