import type { Control } from 'react-hook-form';
import { FormTextField } from '../../components/ui/form-fields';
import { confirmRules, passwordRules } from './credential-rules';

export type NewPasswordValues = { password: string; confirm: string };

/** A password chosen and typed again (reset, or chosen with a verification link). */
export const NewPasswordFields = ({
  control,
  label,
}: {
  control: Control<NewPasswordValues>;
  label: string;
}) => (
  <>
    <FormTextField
      control={control}
      name="password"
      rules={passwordRules(true)}
      label={label}
      type="password"
      autoComplete="new-password"
    />
    <FormTextField
      control={control}
      name="confirm"
      rules={confirmRules}
      label="Confirm Password"
      type="password"
      autoComplete="new-password"
    />
  </>
);
