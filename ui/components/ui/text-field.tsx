import type { ComponentPropsWithRef } from 'react';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled single-line input; the label wraps the input, so it names it without ids. */
export const TextField = ({ label, onValueChange, className = '', ...props }: TextFieldProps) => (
  <label className="block">
    <span className="font-medium">{label}</span>
    <input
      {...props}
      onChange={(e) => onValueChange(e.target.value)}
      className={`mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 dark:border-stone-600 dark:bg-stone-900 ${className}`}
    />
  </label>
);
