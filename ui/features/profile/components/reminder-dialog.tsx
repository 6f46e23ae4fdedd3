import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import {
  REMINDER_FREQUENCIES,
  REMINDER_TITLE_MAX,
  type Reminder,
  type ReminderFrequency,
  type Weekday,
} from '../../../../domain/contracts/reminders';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { FREQUENCY_LABELS, WEEKDAY_OPTIONS } from './reminder-text';

const FREQUENCY_OPTIONS = REMINDER_FREQUENCIES.map((value) => ({
  value,
  label: FREQUENCY_LABELS[value],
}));

export type ReminderDraft = Reminder & { title: string };

/**
 * The spec's reminder dialog: Time and Frequency (and a weekday for a weekly one, a title for
 * a custom one); Save Reminder saves on the server, Cancel leaves everything as it was.
 */
export const ReminderDialog = ({
  heading,
  initial,
  withTitle,
  saving,
  onSave,
  onClose,
}: {
  heading: string;
  initial: ReminderDraft;
  withTitle: boolean;
  saving: boolean;
  onSave: (draft: ReminderDraft) => void;
  onClose: () => void;
}) => {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const frequencyId = useId();
  const weekdayId = useId();
  const set = (change: Partial<ReminderDraft>) => setDraft((d) => ({ ...d, ...change }));
  const submit = () => {
    if (withTitle && draft.title.trim() === '') return setError('Give your reminder a title.');
    onSave({
      ...draft,
      title: draft.title.trim(),
      weekday: draft.frequency === 'weekly' ? (draft.weekday ?? 'sunday') : null,
    });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
        <Dialog.Content className="fixed inset-x-4 top-8 z-50 mx-auto max-h-[90vh] max-w-md overflow-y-auto rounded-lg bg-surface p-5 text-ink shadow-raised">
          <Dialog.Title className="font-serif text-title">{heading}</Dialog.Title>
          <Dialog.Description className="mb-4 text-small text-ink-muted">
            Times are in your own time zone.
          </Dialog.Description>
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {withTitle && (
              <TextField
                label="Title"
                value={draft.title}
                maxLength={REMINDER_TITLE_MAX}
                onValueChange={(title) => {
                  setError(null);
                  set({ title });
                }}
                error={error}
              />
            )}
            <TextField
              label="Time"
              type="time"
              required
              value={draft.time}
              onValueChange={(time) => time && set({ time })}
            />
            <div>
              <span id={frequencyId} className="mb-1.5 block text-small font-semibold">
                Frequency
              </span>
              <Select<ReminderFrequency>
                aria-labelledby={frequencyId}
                value={draft.frequency}
                onValueChange={(frequency) => set({ frequency })}
                options={FREQUENCY_OPTIONS}
              />
            </div>
            {draft.frequency === 'weekly' && (
              <div>
                <span id={weekdayId} className="mb-1.5 block text-small font-semibold">
                  Day
                </span>
                <Select<Weekday>
                  aria-labelledby={weekdayId}
                  value={draft.weekday ?? 'sunday'}
                  onValueChange={(weekday) => set({ weekday })}
                  options={WEEKDAY_OPTIONS}
                />
              </div>
            )}
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving…' : 'Save Reminder'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
