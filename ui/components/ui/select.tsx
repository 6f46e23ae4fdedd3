import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { Ref } from 'react';
import { inputClass } from './text-field';
import { cx } from './cx';

export type SelectOption<V extends string> = { value: V; label: string };

/** A styled single choice from a list (Radix Select): arrows, typeahead, Escape all work. */
export const Select = <V extends string>({
  id,
  value,
  onValueChange,
  options,
  disabled,
  triggerRef,
  ...aria
}: {
  id?: string;
  value: V;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  disabled?: boolean;
  /** The trigger button: a form focuses it to show what to fix. */
  triggerRef?: Ref<HTMLButtonElement>;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}) => (
  <SelectPrimitive.Root
    value={value}
    onValueChange={(next) => onValueChange(next as V)}
    {...(disabled ? { disabled } : {})}
  >
    <SelectPrimitive.Trigger
      ref={triggerRef}
      {...(id ? { id } : {})}
      {...aria}
      className={cx(inputClass, 'flex min-h-11 items-center justify-between gap-2 text-left')}
    >
      <SelectPrimitive.Value />
      <SelectPrimitive.Icon>
        <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position="popper"
        sideOffset={6}
        className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-line bg-surface text-ink shadow-overlay"
      >
        <SelectPrimitive.Viewport className="p-1">
          {options.map((option) => (
            <SelectPrimitive.Item
              key={option.value}
              value={option.value}
              className="relative flex min-h-10 cursor-pointer items-center rounded-sm py-2 pr-3 pl-9 outline-none select-none data-highlighted:bg-accent-soft data-[state=checked]:font-semibold"
            >
              <SelectPrimitive.ItemIndicator className="absolute left-2.5">
                <Check aria-hidden="true" className="size-4 text-accent-ink" />
              </SelectPrimitive.ItemIndicator>
              <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
            </SelectPrimitive.Item>
          ))}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  </SelectPrimitive.Root>
);
