import { useId, type ReactNode, type Ref } from 'react';
import { cx } from './cx';
import { describedBy, FieldError } from './field-error';
import { inputClass } from './text-field';

/**
 * A labelled text box for writing: a status line under it (word count, limits) and the
 * error to fix, both tied to it with aria-describedby.
 */
export const TextAreaField = ({
  label,
  labelHidden = false,
  value,
  onValueChange,
  error,
  status,
  rows = 6,
  placeholder,
  disabled,
  className = '',
  textAreaRef,
}: {
  label: string;
  labelHidden?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  status?: ReactNode;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  textAreaRef?: Ref<HTMLTextAreaElement>;
}) => {
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
        ref={textAreaRef}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        rows={rows}
        placeholder={placeholder}
        disabled={disabled}
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
