import { useEffect, useRef } from 'react';
import {
  useForm,
  useFormState,
  type DefaultValues,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';

/**
 * An account form (sign in, sign up, recover, reset, admin login) on react-hook-form, with
 * what the spec adds: a toast for what happened (a rule broken, the server's refusal) that
 * leaves with the last error, and a whole-form refusal (wrong credentials) that leaves with
 * the next edit. Fields and their errors are the design system's (see components/ui/form).
 */
export const useAuthForm = <T extends FieldValues>(defaultValues: DefaultValues<T>) => {
  const form = useForm<T>({ defaultValues });
  const { toast, dismiss } = useToast();
  const { errors } = useFormState({ control: form.control });
  const showing = Object.keys(errors).length > 0;
  const hadErrors = useRef(false);

  useEffect(() => {
    if (showing) hadErrors.current = true;
    else if (hadErrors.current) {
      hadErrors.current = false;
      dismiss();
    }
  }, [showing, dismiss]);

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') form.clearErrors('root.server' as Path<T>);
        },
      }),
    [form],
  );

  return {
    form,
    /** The spec's toast for a rule broken (each field says its own beside it). */
    broken: (message: { title: string; description: string } | null) => {
      if (message) toast({ ...message, variant: 'destructive' });
    },
    /**
     * Sends with the spec's toast when refused ("Sign In Failed" and the server's reason, or
     * "Error" for the unexpected); the form then puts the reason beside the field it names.
     */
    refusedAs:
      <A extends unknown[], R>(title: string, send: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await send(...args);
        } catch (error) {
          toast(
            error instanceof ApiError
              ? { title, description: error.detail, variant: 'destructive' }
              : {
                  title: 'Error',
                  description: 'An unexpected error occurred',
                  variant: 'destructive',
                },
          );
          throw error;
        }
      },
  };
};
