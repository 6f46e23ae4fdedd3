import { Form, SubmitButton } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { credentialToast } from './credential-rules';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { useAuthForm } from './use-auth-form';

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
  const { form, broken, refusedAs } = useAuthForm<NewPasswordValues>({
    password: '',
    confirm: '',
  });
  const send = async ({ password }: NewPasswordValues) => {
    try {
      await onChosen(password);
    } catch (error) {
      if (error instanceof ApiError && error.problem?.field === 'token') {
        onLinkFailed(error);
        return;
      }
      throw error;
    }
  };

  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-3xl font-bold">Choose your password</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-200">
        This link confirms your address. Choose the password for your account here: a password given
        when signing up in another browser is not kept.
      </p>
      <Form
        form={form}
        onSubmit={refusedAs('Sign Up Failed', send)}
        onRuleBroken={(_, values) => broken(credentialToast(values, true))}
        className="mt-6 flex flex-col gap-4"
        footer={
          <SubmitButton control={form.control} pending="Saving...">
            Save password and continue
          </SubmitButton>
        }
      >
        <NewPasswordFields control={form.control} label="Password" />
      </Form>
    </section>
  );
};
