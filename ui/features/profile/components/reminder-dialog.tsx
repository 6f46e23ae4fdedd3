import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import {
  REMINDER_FREQUENCIES,
  REMINDER_TITLE_MAX,
  type Reminder,
  type Weekday,
} from '../../../../domain/contracts/reminders';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Button } from '../../../components/ui/button';
import { Form, SubmitButton, type FieldOf } from '../../../components/ui/form';
import { FormSelect, FormTextField } from '../../../components/ui/form-fields';
import { FREQUENCY_LABELS, WEEKDAY_OPTIONS } from './reminder-text';

const FREQUENCY_OPTIONS = REMINDER_FREQUENCIES.map((value) => ({
  value,
  label: FREQUENCY_LABELS[value],
}));

export type ReminderDraft = Reminder & { title: string };

/** A weekday is kept while another frequency is chosen, so switching back to weekly keeps it. */
type DialogValues = Omit<ReminderDraft, 'weekday'> & { weekday: Weekday };

/**
 * The spec's reminder dialog: Time and Frequency (and a weekday for a weekly one, a title for
 * a custom one); Save Reminder saves on the server, Cancel leaves everything as it was.
 */
export const ReminderDialog = ({
  heading,
  initial,
  withTitle,
  onSave,
  onFailure,
  fieldOf,
  onClose,
}: {
  heading: string;
  initial: ReminderDraft;
  withTitle: boolean;
  /** Saves the draft; the dialog stays open until that has worked. */
  onSave: (draft: ReminderDraft) => Promise<unknown>;
  onFailure: (error: unknown) => void;
  /** This reminder's fields among the whole settings the server checks. */
  fieldOf: FieldOf;
  onClose: () => void;
}) => {
  const form = useForm<DialogValues>({
    defaultValues: { ...initial, weekday: initial.weekday ?? 'sunday' },
  });
  const frequency = useWatch({ control: form.control, name: 'frequency' });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
        <Dialog.Content className="fixed inset-x-4 top-8 z-50 mx-auto max-h-[90vh] max-w-md overflow-y-auto rounded-lg bg-surface p-5 text-ink shadow-raised">
          <Dialog.Title className="font-serif text-title">{heading}</Dialog.Title>
          <Dialog.Description className="mb-4 text-small text-ink-muted">
            Times are in your own time zone.
          </Dialog.Description>
          <Form
            form={form}
            onSubmit={(draft) =>
              onSave({
                ...draft,
                title: draft.title.trim(),
                weekday: draft.frequency === 'weekly' ? draft.weekday : null,
              })
            }
            onFailure={onFailure}
            fieldOf={fieldOf}
            className="space-y-4"
            footer={
              <div className="flex justify-end gap-2 pt-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <SubmitButton control={form.control} pending="Saving…">
                  Save Reminder
                </SubmitButton>
              </div>
            }
          >
            {withTitle && (
              <FormTextField
                control={form.control}
                name="title"
                label="Title"
                maxLength={REMINDER_TITLE_MAX}
                rules={{
                  validate: (title: string) =>
                    hasVisibleCharacter(title) || 'Give your reminder a title.',
                }}
              />
            )}
            <FormTextField
              control={form.control}
              name="time"
              label="Time"
              type="time"
              rules={{ required: 'Choose a time.' }}
            />
            <FormSelect
              control={form.control}
              name="frequency"
              label="Frequency"
              options={FREQUENCY_OPTIONS}
            />
            {frequency === 'weekly' && (
              <FormSelect
                control={form.control}
                name="weekday"
                label="Day"
                options={WEEKDAY_OPTIONS}
              />
            )}
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
