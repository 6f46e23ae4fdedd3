import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';

type Tone = 'info' | 'success' | 'caution' | 'danger';

const tones: Record<Tone, { box: string; Icon: typeof Info }> = {
  info: { box: 'bg-accent-soft text-ink', Icon: Info },
  success: { box: 'bg-success-soft text-ink', Icon: CircleCheck },
  caution: { box: 'bg-caution-soft text-ink', Icon: TriangleAlert },
  danger: { box: 'bg-danger-soft text-ink', Icon: CircleAlert },
};
const iconTones: Record<Tone, string> = {
  info: 'text-accent-ink',
  success: 'text-success-ink',
  caution: 'text-caution-ink',
  danger: 'text-danger-ink',
};

/** A note inside the page (not a toast): an explanation, a warning, a result. */
export const Callout = ({
  tone = 'info',
  title,
  children,
  className = '',
  role,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  role?: 'status' | 'alert' | 'note';
}) => {
  const { box, Icon } = tones[tone];
  return (
    <div role={role} className={cx('flex gap-3 rounded-md p-3 text-small', box, className)}>
      <Icon aria-hidden="true" className={cx('mt-0.5 size-4 shrink-0', iconTones[tone])} />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
};
