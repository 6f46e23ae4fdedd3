import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';

/** Messages by field name; 'form' is for what concerns the whole form (wrong credentials). */
export type Errors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * A labelled input with its error right under it, tied to it for assistive technology (the
 * design system's TextField says aria-invalid and announces the message).
 */
export const Field = ({
  name,
  error,
  ...props
}: ComponentProps<typeof TextField> & { name: string; error: string | undefined }) => (
  <TextField {...props} name={name} error={error ?? null} />
);

/** An error about the whole form (and what to do about it), announced when it appears. */
export const FormError = ({ message, children }: { message?: string; children?: ReactNode }) =>
  message ? (
    <div
      role="alert"
      className="rounded-md border border-danger bg-danger-soft p-3 text-small text-danger-ink"
    >
      <p>{message}</p>
      {children}
    </div>
  ) : null;

/**
 * Field errors that leave once they no longer hold, with the toast that told what happened.
 * Client-side errors are checked again after each edit; the server's errors leave when their
 * field is edited (a form-wide one with any edit).
 */
export const useFieldErrors = <F extends string>() => {
  const [errors, setErrors] = useState<Errors<F>>({});
  const fromServer = useRef(new Set<string>());
  const { toast, dismiss } = useToast();

  const show = (next: Errors<F>, title: string, description: string, server = false) => {
    fromServer.current = new Set(server ? Object.keys(next) : []);
    setErrors(next);
    toast({ title, description, variant: 'destructive' });
    const first = Object.keys(next).find((key) => key !== 'form');
    if (first) document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  return {
    errors,
    /** Client-side errors: each under its field, the spec's toast for what happened. */
    show,
    /** A refusal from the server: under the field it names, or for the whole form. */
    showRefusal: (error: unknown, title: string, fields: readonly F[]) => {
      if (!(error instanceof ApiError)) {
        show(
          { form: 'An unexpected error occurred' } as Errors<F>,
          'Error',
          'An unexpected error occurred',
          true,
        );
        return;
      }
      const field = fields.find((f) => f === error.problem?.field);
      show({ [field ?? 'form']: error.detail } as Errors<F>, title, error.detail, true);
    },
    /**
     * After an edit of `field`, with the client-side errors of the edited values: only errors
     * that still hold stay, and the toast leaves with the last of them.
     */
    settle: (field: F, stillTrue: Errors<F>) => {
      if (Object.keys(errors).length === 0) return;
      const next: Errors<F> = {};
      for (const key of Object.keys(errors) as (F | 'form')[]) {
        if (fromServer.current.has(key)) {
          if (key !== 'form' && key !== field) next[key] = errors[key];
        } else if (stillTrue[key]) {
          next[key] = stillTrue[key];
        }
      }
      setErrors(next);
      if (Object.keys(next).length === 0) dismiss();
    },
    clear: () => {
      if (Object.keys(errors).length > 0) dismiss();
      setErrors({});
    },
  };
};
