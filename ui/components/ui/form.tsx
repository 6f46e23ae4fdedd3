import type { ComponentPropsWithRef, ReactNode } from 'react';
import {
  get,
  useFormState,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError, failureText } from '../../lib/api-client';
import { Button, type ButtonProps } from './button';
import { Callout } from './callout';

/*
 * Every form in Boon is a react-hook-form form, built the same way:
 * - `useForm({ defaultValues })` holds the values; fields bind with the Form* components of
 *   ./form-fields, whose `rules` check with the same pure rules from domain/ the server uses;
 * - what to fix shows beside its field (FieldError), and the first such field takes focus;
 * - `<Form onSubmit>` sends: the form counts as submitting until the returned promise settles
 *   (SubmitButton says so), a problem the server answers about one of the form's fields goes
 *   beside that field, and any other failure goes to `onFailure` or, without one, to a line at
 *   the form's end.
 */

/** The form's name for a field the server names (a request body's path), or null for none of its own. */
export type FieldOf = (serverField: string) => string | null;

/**
 * Puts the problems a server answer names beside this form's fields, and focuses the first.
 * False when the answer names none of them (the failure is the whole form's).
 */
export const showFieldProblems = <T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fieldOf: FieldOf = (field) => field,
): boolean => {
  if (!(error instanceof ApiError) || !error.problem) return false;
  const { field, detail, errors = [] } = error.problem;
  const values = form.getValues();
  const named = [...(field ? [{ field, message: detail }] : []), ...errors]
    .map((problem) => ({ field: fieldOf(problem.field), message: problem.message }))
    .filter(
      (problem, index, all): problem is { field: string; message: string } =>
        problem.field !== null &&
        get(values, problem.field) !== undefined &&
        all.findIndex((other) => other.field === problem.field) === index,
    );
  named.forEach(({ field: name, message }, index) =>
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return named.length > 0;
};

type FormProps<T extends FieldValues> = Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & {
  form: UseFormReturn<T>;
  /** Sends the checked values; a returned promise keeps the form submitting until it settles. */
  onSubmit: (values: T) => unknown;
  /** The values break a field's rule (each error shows beside its field): where the spec says more. */
  onRuleBroken?: (errors: FieldErrors<T>, values: T) => void;
  /** A failure no field owns (with the values sent); without it, the form says so at its end. */
  onFailure?: (error: unknown, values: T) => void;
  /** The heading of what went wrong at the form's end. */
  failureTitle?: string;
  /** Where the server's field names differ from the form's (a part of a larger body). */
  fieldOf?: FieldOf;
  /** The form's actions, after what went wrong. */
  footer?: ReactNode;
};

export const Form = <T extends FieldValues>({
  form,
  onSubmit,
  onRuleBroken,
  onFailure,
  failureTitle,
  fieldOf,
  footer,
  children,
  ...props
}: FormProps<T>) => {
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        if (showFieldProblems(form, error, fieldOf)) return;
        if (onFailure) onFailure(error, values);
        else form.setError('root.server', { type: 'server', message: failureText(error) });
      }
    },
    onRuleBroken && ((errors) => onRuleBroken(errors, form.getValues())),
  );
  return (
    <form noValidate {...props} onSubmit={(event) => void submit(event)}>
      {children}
      {!onFailure && <FormProblem control={form.control} title={failureTitle} />}
      {footer}
    </form>
  );
};

/** The whole form's failure (a field's own goes beside it). */
const FormProblem = <T extends FieldValues>({
  control,
  title,
}: {
  control: Control<T>;
  title: string | undefined;
}) => {
  const { errors } = useFormState({ control, name: 'root.server' as Path<T> });
  const message = errors.root?.server?.message;
  return message ? (
    <Callout tone="danger" role="alert" title={title}>
      {message}
    </Callout>
  ) : null;
};

/** Submits its form; disabled while the form is submitting, when it says `pending`. */
export const SubmitButton = <T extends FieldValues>({
  control,
  pending,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { control: Control<T>; pending: ReactNode }) => {
  const { isSubmitting } = useFormState({ control });
  return (
    <Button type="submit" disabled={disabled || isSubmitting} {...props}>
      {isSubmitting ? pending : children}
    </Button>
  );
};
