import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';

/** On/off for a setting; name it with aria-labelledby or a wrapping label. */
export const Switch = ({
  className = '',
  ...props
}: ComponentPropsWithRef<typeof SwitchPrimitive.Root>) => (
  <SwitchPrimitive.Root
    className={cx(
      'group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-line-strong transition-colors data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-60',
      className,
    )}
    {...props}
  >
    <SwitchPrimitive.Thumb className="pointer-events-none block size-6 rounded-full bg-white shadow-card dark:bg-ink transition-transform data-[state=checked]:translate-x-5" />
  </SwitchPrimitive.Root>
);
