import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { cx } from './cx';

type CardProps<T extends ElementType> = {
  as?: T;
  /** 'raised' lifts a card that invites action; 'flat' sits on a sunken panel. */
  tone?: 'default' | 'raised' | 'flat';
  padding?: 'none' | 'sm' | 'md' | 'lg';
} & ComponentPropsWithoutRef<T>;

const tones = {
  default: 'border border-line bg-surface shadow-card',
  raised: 'border border-line bg-surface shadow-raised',
  flat: 'border border-line bg-surface-sunken',
};
const paddings = { none: '', sm: 'p-3', md: 'p-4 sm:p-5', lg: 'p-5 sm:p-8' };

/** The one surface every grouped piece of content sits on. */
export const Card = <T extends ElementType = 'div'>({
  as,
  tone = 'default',
  padding = 'md',
  className = '',
  ...props
}: CardProps<T>) => {
  const Component: ElementType = as ?? 'div';
  return (
    <Component className={cx('rounded-lg', tones[tone], paddings[padding], className)} {...props} />
  );
};
