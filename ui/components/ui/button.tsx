import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from './cx';

export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'ghost-accent' | 'ghost-danger' | 'pressed' | 'danger';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed [&_svg]:size-[1.125em] [&_svg]:shrink-0';

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
  /** A row of small toggles (reactions) that must fit a phone's width. */
  xs: 'min-h-9 gap-1.5 px-2 text-small',
  sm: 'min-h-9 px-3 text-small',
  md: 'min-h-11 px-5 text-body',
  icon: 'size-10 text-body',
};

/**
 * The classes of a button, for links that look like one. A label stays on one line unless the
 * button wraps (`wrap`: choices and prompts whose text is a sentence or more); the two are
 * chosen here, not overridden by a class, because the later utility in the style sheet wins.
 */
export const buttonClass = (
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className = '',
  wrap = false,
) =>
  cx(
    base,
    variants[variant],
    sizes[size],
    wrap ? 'h-auto min-w-0 justify-start py-2.5 text-left whitespace-normal' : 'whitespace-nowrap',
    className,
  );

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A label that may run over several lines. */
  wrap?: boolean;
};

export const Button = ({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  wrap = false,
  ...props
}: ButtonProps) => (
  <button type={type} className={buttonClass(variant, size, className, wrap)} {...props} />
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
