import { useForm, useWatch } from 'react-hook-form';
import {
  CUSTOM_MOOD_MAX,
  JOURNAL_TAG_MAX,
  JOURNAL_TITLE_MAX,
  PRESET_MOODS,
} from '../../../../domain/contracts/journal';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormTextAreaField, FormTextField } from '../../../components/ui/form-fields';
import { CloseIcon } from '../../../components/ui/icons';
import type { JournalDraft } from '../api/save-journal-entry';

const isPreset = (mood: string | null) =>
  mood === null || (PRESET_MOODS as readonly string[]).includes(mood);

/** The entry, plus what the form needs while it is written: the mood's mode, the tag being typed. */
type JournalValues = JournalDraft & { customMood: boolean; tag: string };

/**
 * Title, text, a preset or custom mood, and tags: for a new entry and for editing one. Saving
 * sends the entry and waits: a problem the server finds with a field shows beside it, any other
 * failure goes to `onFailure`.
 */
export const JournalForm = ({
  initial,
  submitLabel,
  onSave,
  onFailure,
  onCancel,
}: {
  initial: JournalDraft;
  submitLabel: string;
  onSave: (draft: JournalDraft) => Promise<unknown>;
  onFailure: (error: unknown) => void;
  onCancel: () => void;
}) => {
  const form = useForm<JournalValues>({
    defaultValues: { ...initial, customMood: !isPreset(initial.mood), tag: '' },
  });
  const [mood, customMood, tags] = useWatch({
    control: form.control,
    name: ['mood', 'customMood', 'tags'],
  });

  /** The spec's tag rule: added when its trimmed text is new; the box empties either way. */
  const withTag = (list: string[], tag: string) => {
    const text = tag.trim();
    return text && !list.includes(text) ? [...list, text] : list;
  };
  const addTag = () => {
    form.setValue('tags', withTag(tags, form.getValues('tag')));
    form.setValue('tag', '');
  };
  const chooseMood = (next: string | null, custom = customMood) => {
    form.setValue('mood', next);
    form.setValue('customMood', custom);
  };

  return (
    <Form
      form={form}
      onSubmit={(values) =>
        onSave({
          title: values.title,
          content: values.content,
          mood: values.mood?.trim() || null,
          // A tag still in its box when saving is meant to be kept.
          tags: withTag(values.tags, values.tag),
        })
      }
      onFailure={onFailure}
      className="grid gap-4"
      footer={
        <div className="flex flex-wrap gap-2">
          <SubmitButton control={form.control} pending="Saving...">
            {submitLabel}
          </SubmitButton>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      }
    >
      <FormTextField
        control={form.control}
        name="title"
        label="Title (optional)"
        maxLength={JOURNAL_TITLE_MAX}
      />
      <FormTextAreaField
        control={form.control}
        name="content"
        label="Your reflection"
        rules={{
          validate: (text: string) => hasVisibleCharacter(text) || 'Write something before saving.',
        }}
      />
      <fieldset>
        <legend className="mb-1.5 text-small font-semibold">Mood</legend>
        {customMood ? (
          <div className="grid gap-2">
            <FormTextField
              control={form.control}
              name="mood"
              label="Your own mood"
              maxLength={CUSTOM_MOOD_MAX}
              hint={`Up to ${CUSTOM_MOOD_MAX} characters`}
              rules={{
                validate: (text: string | null) =>
                  [...(text ?? '')].length <= CUSTOM_MOOD_MAX ||
                  `Up to ${CUSTOM_MOOD_MAX} characters`,
              }}
            />
            <Button variant="ghost" size="sm" onClick={() => chooseMood(null, false)}>
              Choose from preset moods
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {PRESET_MOODS.map((preset) => (
              <Button
                key={preset}
                size="sm"
                variant={mood === preset ? 'primary' : 'secondary'}
                aria-pressed={mood === preset}
                onClick={() => chooseMood(mood === preset ? null : preset)}
              >
                {preset}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => chooseMood('', true)}>
              Write your own...
            </Button>
          </div>
        )}
      </fieldset>
      <div>
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <FormTextField
              control={form.control}
              name="tag"
              label="Tags"
              maxLength={JOURNAL_TAG_MAX}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ',') return;
                event.preventDefault();
                addTag();
              }}
            />
          </div>
          <Button variant="secondary" onClick={addTag}>
            Add
          </Button>
        </div>
        <p className="mt-1.5 text-small text-ink-muted">Press Enter or Add to add a tag.</p>
        {tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Added tags">
            {tags.map((t) => (
              <li key={t}>
                <Badge>
                  {t}
                  <button
                    type="button"
                    className="inline-flex min-h-6 min-w-6 items-center justify-center"
                    aria-label={`Remove tag ${t}`}
                    onClick={() =>
                      form.setValue(
                        'tags',
                        tags.filter((x) => x !== t),
                      )
                    }
                  >
                    <CloseIcon aria-hidden="true" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Form>
  );
};
