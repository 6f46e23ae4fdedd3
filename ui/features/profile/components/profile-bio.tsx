import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BIO_MAX } from '../../../../domain/contracts/bio';
import { Button } from '../../../components/ui/button';
import { Form, SubmitButton } from '../../../components/ui/form';
import { failureText } from '../../../lib/api-client';
import { FormTextAreaField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { useBio, useSaveBio } from '../api/bio';

const tooLong = (text: string) => [...text].length > BIO_MAX;

/** Writing the bio: counted as it grows, refused past the limit before anything is sent. */
const BioForm = ({ initial, onDone }: { initial: string; onDone: () => void }) => {
  const save = useSaveBio();
  const { toast } = useToast();
  const form = useForm({ defaultValues: { bio: initial }, mode: 'onChange' });
  const length = [...useWatch({ control: form.control, name: 'bio' })].length;
  return (
    <Form
      form={form}
      onSubmit={async ({ bio }) => {
        await save.mutateAsync(bio);
        onDone();
        toast({ title: 'Bio saved' });
      }}
      onFailure={(error) =>
        toast({ title: 'Bio not saved', description: failureText(error), variant: 'destructive' })
      }
      className="mb-6 max-w-prose space-y-2"
      footer={
        <div className="flex gap-2">
          <SubmitButton
            control={form.control}
            size="sm"
            pending="Saving…"
            disabled={length > BIO_MAX}
          >
            Save bio
          </SubmitButton>
          <Button variant="secondary" size="sm" onClick={onDone}>
            Cancel
          </Button>
        </div>
      }
    >
      <FormTextAreaField
        control={form.control}
        name="bio"
        label="Your bio (optional)"
        rows={3}
        rules={{
          validate: (text: string) =>
            !tooLong(text) || `Your bio can be at most ${BIO_MAX} characters.`,
        }}
        status={`${length}/${BIO_MAX}`}
      />
    </Form>
  );
};

/** The optional bio under the person's name: theirs to write, change or clear. */
export const ProfileBio = () => {
  const bio = useBio();
  const [editing, setEditing] = useState(false);
  if (!bio.data) return null;
  if (editing) return <BioForm initial={bio.data.bio ?? ''} onDone={() => setEditing(false)} />;
  return (
    <div className="mb-6 flex flex-wrap items-start gap-3">
      {bio.data.bio ? (
        <p className="max-w-prose flex-1 whitespace-pre-line text-ink-muted">{bio.data.bio}</p>
      ) : (
        <p className="flex-1 text-small text-ink-muted">No bio yet.</p>
      )}
      <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
        {bio.data.bio ? 'Edit bio' : 'Add a bio'}
      </Button>
    </div>
  );
};
