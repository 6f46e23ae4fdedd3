import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CUSTOM_MOOD_MAX, PRESET_MOODS } from '../../../../domain/contracts/journal';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { JournalDraft } from '../api/save-journal-entry';

const isPreset = (mood: string | null) =>
  mood === null || (PRESET_MOODS as readonly string[]).includes(mood);

/** Title, text, a preset or custom mood, and tags: for a new entry and for editing one. */
export const JournalForm = ({
  initial,
  saving,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: JournalDraft;
  saving: boolean;
  submitLabel: string;
  onSave: (draft: JournalDraft) => void;
  onCancel: () => void;
}) => {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [mood, setMood] = useState<string | null>(initial.mood);
  const [customMood, setCustomMood] = useState(!isPreset(initial.mood));
  const [tags, setTags] = useState(initial.tags);
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);

  const addTag = () => {
    const text = tag.trim();
    if (text && !tags.includes(text)) setTags([...tags, text]);
    setTag('');
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ',') return;
    event.preventDefault();
    addTag();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return setError('Write something before saving.');
    setError(null);
    onSave({ title, content, mood: mood?.trim() || null, tags });
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <TextField label="Title (optional)" value={title} onValueChange={setTitle} maxLength={200} />
      <TextAreaField
        label="Your reflection"
        value={content}
        onValueChange={setContent}
        error={error}
      />
      <fieldset>
        <legend className="mb-1.5 text-small font-semibold">Mood</legend>
        {customMood ? (
          <div className="grid gap-2">
            <TextField
              label="Your own mood"
              value={mood ?? ''}
              onValueChange={setMood}
              maxLength={CUSTOM_MOOD_MAX}
              hint={`Up to ${CUSTOM_MOOD_MAX} characters`}
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setCustomMood(false);
                setMood(null);
              }}
            >
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
                onClick={() => setMood(mood === preset ? null : preset)}
              >
                {preset}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => setCustomMood(true)}>
              Write your own...
            </Button>
          </div>
        )}
      </fieldset>
      <div>
        <TextField
          label="Tags"
          value={tag}
          onValueChange={setTag}
          onKeyDown={onTagKey}
          onBlur={addTag}
          maxLength={40}
          hint="Press Enter to add a tag"
        />
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
                    onClick={() => setTags(tags.filter((x) => x !== t))}
                  >
                    <CloseIcon aria-hidden="true" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
