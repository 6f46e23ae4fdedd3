import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** A labelled checkbox; the whole row is the target. */
export const Checkbox = ({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) => {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <CheckboxPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        disabled={disabled}
        {...(description ? { 'aria-describedby': `${id}-description` } : {})}
        className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-sm border-2 border-line-strong bg-surface text-on-accent transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:opacity-60"
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" className="size-4" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div>
        <label htmlFor={id} className="block min-h-6 cursor-pointer font-medium">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-small text-ink-muted">
            {description}
          </p>
        )}
      </div>
    </div>
  );
};
