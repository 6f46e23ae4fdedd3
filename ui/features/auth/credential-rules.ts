import { PASSWORD_MIN_LENGTH } from '../../../domain/contracts/auth';
import type { Errors } from './field-errors';

export type CredentialField = 'email' | 'password' | 'confirm';
export type Credentials = { email?: string; password: string; confirm?: string };

/**
 * Which of the spec's rules the values break, one message per field: missing fields (every
 * form), confirmation mismatch and length (only where a new password is chosen).
 */
export const credentialErrors = (values: Credentials, newPassword: boolean) => {
  const errors: Errors<CredentialField> = {};
  if (values.email !== undefined && !values.email.trim()) errors.email = 'Enter your email address';
  if (!values.password) {
    errors.password = newPassword ? 'Choose a password' : 'Enter your password';
  } else if (newPassword && values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  }
  if (values.confirm !== undefined) {
    if (!values.confirm) errors.confirm = 'Enter the password again';
    else if (values.confirm !== values.password) errors.confirm = 'Passwords do not match';
  }
  return errors;
};

/** The spec's toast for the first rule broken, in its order: missing, mismatch, too short. */
export const credentialToast = (values: Credentials, newPassword: boolean) => {
  const missing =
    (values.email !== undefined && !values.email.trim()) ||
    !values.password ||
    (values.confirm !== undefined && !values.confirm);
  if (missing) return { title: 'Missing Information', description: 'Please fill in all fields' };
  if (values.confirm !== undefined && values.confirm !== values.password) {
    return { title: 'Password Mismatch', description: 'Passwords do not match' };
  }
  if (newPassword && values.password.length < PASSWORD_MIN_LENGTH) {
    return {
      title: 'Password Too Short',
      description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    };
  }
  return null;
};
