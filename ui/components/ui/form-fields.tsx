import { useId, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { Checkbox } from './checkbox';
import { describedBy, FieldError } from './field-error';
import { Select, type SelectOption } from './select';
import { TextAreaField, type TextAreaFieldProps } from './text-area-field';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The design system's fields bound to a react-hook-form form (see ./form): each shows its own
 * error beside it, and takes focus when it is the first thing to fix. A text field's null
 * (nothing written) shows as empty.
 */
type Bound<T extends FieldValues, N extends FieldPathByValue<T, unknown>> = {
  control: Control<T>;
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
};
/** Field names whose values a kind of field shows. */
type TextName<T extends FieldValues> = FieldPathByValue<T, string | null>;

type Unbound = 'value' | 'onValueChange' | 'error' | 'name';

export const FormTextField = <T extends FieldValues, N extends TextName<T>>({
  control,
  name,
  rules,
  onBlur,
  disabled,
  ...props
}: Bound<T, N> & Omit<TextFieldProps, Unbound>) => {
  const { field, fieldState } = useController({ control, name, rules });
  // Taken apart: the element's ref goes to the element, the rest is read while rendering.
  const { ref, value, onChange, onBlur: touched, disabled: fieldDisabled } = field;
  return (
    <TextField
      {...props}
      name={name}
      ref={ref}
      value={(value as string | null) ?? ''}
      onValueChange={onChange}
      onBlur={(event) => {
        touched();
        onBlur?.(event);
      }}
      disabled={disabled || fieldDisabled}
      error={fieldState.error?.message}
    />
  );
};

export const FormTextAreaField = <T extends FieldValues, N extends TextName<T>>({
  control,
  name,
  rules,
  onBlur,
  disabled,
  ...props
}: Bound<T, N> & Omit<TextAreaFieldProps, Unbound>) => {
  const { field, fieldState } = useController({ control, name, rules });
  // Taken apart: the element's ref goes to the element, the rest is read while rendering.
  const { ref, value, onChange, onBlur: touched, disabled: fieldDisabled } = field;
  return (
    <TextAreaField
      {...props}
      name={name}
      ref={ref}
      value={(value as string | null) ?? ''}
      onValueChange={onChange}
      onBlur={(event) => {
        touched();
        onBlur?.(event);
      }}
      disabled={disabled || fieldDisabled}
      error={fieldState.error?.message}
    />
  );
};

/** A labelled choice from a list (Radix Select is named by its visible label). */
export const FormSelect = <
  T extends FieldValues,
  N extends FieldPathByValue<T, V>,
  V extends string,
>({
  control,
  name,
  rules,
  label,
  options,
  hint,
}: Bound<T, N> & { label: string; options: readonly SelectOption<V>[]; hint?: ReactNode }) => {
  const id = useId();
  const { field, fieldState } = useController({ control, name, rules });
  const error = fieldState.error?.message;
  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-small font-semibold">
        {label}
      </span>
      <Select<V>
        aria-labelledby={`${id}-label`}
        {...describedBy(error, `${id}-error`, hint ? `${id}-hint` : undefined)}
        triggerRef={field.ref}
        value={field.value as V}
        onValueChange={field.onChange}
        options={options}
        disabled={field.disabled}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-small text-ink-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
};

export const FormCheckbox = <T extends FieldValues, N extends FieldPathByValue<T, boolean>>({
  control,
  name,
  label,
  description,
}: Omit<Bound<T, N>, 'rules'> & { label: ReactNode; description?: ReactNode }) => {
  const { field } = useController({ control, name });
  return (
    <Checkbox
      label={label}
      description={description}
      checked={field.value as boolean}
      onCheckedChange={field.onChange}
      disabled={field.disabled}
    />
  );
};
