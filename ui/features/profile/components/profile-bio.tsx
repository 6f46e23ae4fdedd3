import { useState } from 'react';
import { BIO_MAX } from '../../../../domain/contracts/bio';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useBio, useSaveBio } from '../api/bio';

/** The optional bio under the person's name: theirs to write, change or clear. */
export const ProfileBio = () => {
  const bio = useBio();
  const save = useSaveBio();
  const { toast } = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  if (!bio.data) return null;

  const length = [...(draft ?? '')].length;
  const tooLong = length > BIO_MAX;
  const submit = () => {
    if (draft === null || tooLong) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'Bio saved' });
      },
      onError: (error) =>
        toast({
          title: 'Bio not saved',
          description: error instanceof ApiError ? error.detail : 'Boon could not be reached.',
          variant: 'destructive',
        }),
    });
  };

  if (draft === null) {
    return (
      <div className="mb-6 flex flex-wrap items-start gap-3">
        {bio.data.bio ? (
          <p className="max-w-prose flex-1 whitespace-pre-line text-ink-muted">{bio.data.bio}</p>
        ) : (
          <p className="flex-1 text-small text-ink-muted">No bio yet.</p>
        )}
        <Button variant="secondary" size="sm" onClick={() => setDraft(bio.data.bio ?? '')}>
          {bio.data.bio ? 'Edit bio' : 'Add a bio'}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="mb-6 max-w-prose space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextAreaField
        label="Your bio (optional)"
        value={draft}
        onValueChange={setDraft}
        rows={3}
        error={tooLong ? `Your bio can be at most ${BIO_MAX} characters.` : null}
        status={`${length}/${BIO_MAX}`}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending || tooLong}>
          {save.isPending ? 'Saving…' : 'Save bio'}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
