import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import { describedBy, FieldError } from './field-error';
import { inputClass } from './text-field';

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'onChange' | 'value'> & {
  label: string;
  labelHidden?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  /** What to fix; shown under the field and announced. */
  error?: string | null;
  /** A line under the box (word count, limits), tied to it with aria-describedby. */
  status?: ReactNode;
};

/**
 * A labelled text box for writing: a status line under it (word count, limits) and the
 * error to fix, both tied to it with aria-describedby.
 */
export const TextAreaField = ({
  label,
  labelHidden = false,
  onValueChange,
  error,
  status,
  rows = 6,
  className = '',
  ...props
}: TextAreaFieldProps) => {
  const id = useId();
  return (
    <div>
      <label
        htmlFor={`${id}-text`}
        className={labelHidden ? 'sr-only' : 'mb-1.5 block text-small font-semibold'}
      >
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        rows={rows}
        {...props}
        onChange={(event) => onValueChange(event.target.value)}
        {...describedBy(error, `${id}-error`, status ? `${id}-status` : undefined)}
        className={cx(inputClass, 'block resize-y leading-relaxed', className)}
      />
      {status && (
        <div
          id={`${id}-status`}
          className="mt-1.5 flex flex-wrap gap-x-3 text-small text-ink-muted"
        >
          {status}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
};
