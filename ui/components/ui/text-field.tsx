import { useId, type ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { describedBy, FieldError } from './field-error';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  /** What to fix; shown under the field and announced. */
  error?: string | null;
};

export const inputClass =
  'w-full rounded-md border border-line-strong bg-surface px-3 py-2.5 text-body text-ink placeholder:text-ink-muted transition-colors hover:border-ink-muted focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 aria-invalid:border-danger disabled:cursor-not-allowed disabled:bg-surface-sunken read-only:bg-surface-sunken';

/** A labelled single-line input; the label wraps the input, so it names it without ids. */
export const TextField = ({
  label,
  onValueChange,
  hint,
  error,
  className = '',
  ...props
}: TextFieldProps) => {
  const id = useId();
  return (
    <div>
      <label className="block">
        <span className="mb-1.5 block text-small font-semibold">{label}</span>
        <input
          {...props}
          {...describedBy(error, `${id}-error`, hint ? `${id}-hint` : undefined)}
          onChange={(e) => onValueChange(e.target.value)}
          className={cx(inputClass, className)}
        />
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-small text-ink-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
};
