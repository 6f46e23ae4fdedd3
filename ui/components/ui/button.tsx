import type { ComponentPropsWithRef } from 'react';

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: 'primary' | 'secondary' };

const styles = {
  primary:
    'bg-amber-700 text-white hover:bg-amber-800 disabled:bg-stone-400 dark:disabled:bg-stone-600 disabled:cursor-not-allowed aria-disabled:bg-stone-300 aria-disabled:text-stone-700 aria-disabled:hover:bg-stone-300 dark:aria-disabled:bg-stone-700 dark:aria-disabled:text-stone-200 aria-disabled:cursor-not-allowed',
  secondary:
    'border border-stone-400 text-stone-800 hover:bg-stone-100 dark:border-stone-500 dark:text-stone-100 dark:hover:bg-stone-800 disabled:opacity-50',
};

export const Button = ({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonProps) => (
  <button
    type={type}
    className={`rounded-md px-4 py-2 font-medium ${styles[variant]} ${className}`}
    {...props}
  />
);
