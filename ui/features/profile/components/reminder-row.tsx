import { useId, type ReactNode } from 'react';
import type { Reminder } from '../../../../domain/contracts/reminders';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { cx } from '../../../components/ui/cx';
import { whenText } from './reminder-text';

/** One reminder: its switch, its time, and Edit (greyed and disabled while it is off). */
export const ReminderRow = ({
  title,
  reminder,
  disabled,
  onToggle,
  onEdit,
  extra,
}: {
  title: string;
  reminder: Reminder;
  disabled: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  extra?: ReactNode;
}) => {
  const labelId = useId();
  return (
    <li
      className={cx(
        'flex flex-wrap items-center gap-3 py-3',
        reminder.enabled ? '' : 'text-ink-muted',
      )}
    >
      <Switch
        aria-labelledby={labelId}
        checked={reminder.enabled}
        disabled={disabled}
        onCheckedChange={onToggle}
      />
      <span id={labelId} className="min-w-0 flex-1 font-medium">
        {title}
      </span>
      <Badge tone={reminder.enabled ? 'accent' : 'neutral'}>{whenText(reminder)}</Badge>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || !reminder.enabled}
        onClick={onEdit}
        aria-label={`Edit ${title}`}
      >
        Edit
      </Button>
      {extra}
    </li>
  );
};
