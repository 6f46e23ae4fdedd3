import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import {
  credentialErrors,
  credentialToast,
  type CredentialField,
  type Credentials,
} from './credential-rules';
import { Field, FormError, useFieldErrors } from './field-errors';

/**
 * A verification link followed in a browser that did not start the sign-up (another device,
 * or an address someone else signed up with first): the link proves the address, and the
 * password is chosen here. `onChosen` completes the sign-up with it.
 */
export const ChoosePasswordForm = ({
  onChosen,
  onLinkFailed,
}: {
  onChosen: (password: string) => Promise<void>;
  /** The link itself stopped working (used meanwhile, expired): nothing to choose any more. */
  onLinkFailed: (error: ApiError) => void;
}) => {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, show, showRefusal, settle, clear } = useFieldErrors<CredentialField>();

  const values = (changed: Partial<Credentials> = {}): Credentials => ({
    password,
    confirm,
    ...changed,
  });

  const edit = (field: 'password' | 'confirm', value: string) => {
    if (field === 'password') setPassword(value);
    else setConfirm(value);
    settle(field, credentialErrors(values({ [field]: value }), true));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = credentialToast(values(), true);
    if (broken) {
      show(credentialErrors(values(), true), broken.title, broken.description);
      return;
    }
    setBusy(true);
    try {
      await onChosen(password);
      clear();
    } catch (error) {
      if (error instanceof ApiError && error.problem?.field === 'token') {
        clear();
        onLinkFailed(error);
        return;
      }
      showRefusal(error, 'Sign Up Failed', ['password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-3xl font-bold">Choose your password</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        This link confirms your address. Choose the password for your account here: a password given
        when signing up in another browser is not kept.
      </p>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="mt-6 flex flex-col gap-4">
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(v) => edit('password', v)}
          error={errors.password}
        />
        <Field
          label="Confirm Password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onValueChange={(v) => edit('confirm', v)}
          error={errors.confirm}
        />
        <FormError message={errors.form} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save password and continue'}
        </Button>
      </form>
    </section>
  );
};
