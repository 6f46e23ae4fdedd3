import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from './cx';

export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'ghost-accent' | 'ghost-danger' | 'pressed' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed [&_svg]:size-[1.125em] [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-accent text-on-accent shadow-card hover:bg-accent-hover disabled:hover:bg-accent aria-disabled:bg-surface-sunken aria-disabled:text-ink-muted aria-disabled:shadow-none aria-disabled:hover:bg-surface-sunken',
  secondary:
    'border border-line-strong bg-surface text-ink hover:bg-surface-sunken disabled:hover:bg-surface',
  ghost: 'text-ink hover:bg-surface-sunken',
  'ghost-accent': 'text-accent-ink hover:bg-accent-soft',
  'ghost-danger': 'text-danger-ink hover:bg-danger-soft',
  /** A toggle that is on (aria-pressed). */
  pressed: 'border border-accent bg-accent-soft text-accent-ink',
  danger: 'bg-danger text-on-danger shadow-card hover:opacity-90',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-small',
  md: 'min-h-11 px-5 text-body',
  icon: 'size-10 text-body',
};

/** The classes of a button, for links that look like one. */
export const buttonClass = (
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className = '',
) => cx(base, variants[variant], sizes[size], className);

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export const Button = ({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonProps) => (
  <button type={type} className={buttonClass(variant, size, className)} {...props} />
);

/** A router link dressed as a button (for navigation, never for actions). */
export const ButtonLink = ({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) => (
  <Link className={buttonClass(variant, size, className)} {...props} />
);
