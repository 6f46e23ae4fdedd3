import type { FieldValues, Validate } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../domain/contracts/auth';

export type Credentials = { email?: string; password: string; confirm?: string };

const tooShort = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;

/** The spec's rules as each field's own, said beside it (react-hook-form `rules`). */
export const emailRules = {
  validate: ((value: string) => value.trim() !== '' || 'Enter your email address') as Validate<
    string,
    FieldValues
  >,
};

/** A password given (signing in), or chosen (`newPassword`: long enough, its confirmation re-checked). */
export const passwordRules = (newPassword: boolean) => ({
  validate: (value: string) => {
    if (!value) return newPassword ? 'Choose a password' : 'Enter your password';
    return !newPassword || value.length >= PASSWORD_MIN_LENGTH || tooShort;
  },
  deps: newPassword ? ('confirm' as const) : undefined,
});

/** The same password again. */
export const confirmRules = {
  validate: (value: string, values: { password: string }) => {
    if (!value) return 'Enter the password again';
    return value === values.password || 'Passwords do not match';
  },
};

/** The spec's toast for a field left empty. */
export const MISSING = { title: 'Missing Information', description: 'Please fill in all fields' };

/** The spec's toast for the first rule broken, in its order: missing, mismatch, too short. */
export const credentialToast = (values: Credentials, newPassword: boolean) => {
  const missing =
    (values.email !== undefined && !values.email.trim()) ||
    !values.password ||
    (values.confirm !== undefined && !values.confirm);
  if (missing) return MISSING;
  if (values.confirm !== undefined && values.confirm !== values.password) {
    return { title: 'Password Mismatch', description: 'Passwords do not match' };
  }
  if (newPassword && values.password.length < PASSWORD_MIN_LENGTH) {
    return { title: 'Password Too Short', description: tooShort };
  }
  return null;
};
