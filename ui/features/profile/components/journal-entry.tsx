import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { JournalEntryDto } from '../../../../domain/contracts/journal';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { failureText } from '../../../lib/api-client';
import { DeleteIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useDeleteJournalEntry } from '../api/delete-journal-entry';
import { useEditJournalEntry } from '../api/save-journal-entry';
import { JournalForm } from './journal-form';

const written = (at: string) =>
  new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** One entry: its text, mood and tags, with Edit (a dialog) and Delete (after a confirm). */
export const JournalEntry = ({ entry }: { entry: JournalEntryDto }) => {
  const [editing, setEditing] = useState(false);
  const edit = useEditJournalEntry();
  const remove = useDeleteJournalEntry();
  const { toast } = useToast();
  const name = entry.title ?? `Entry of ${written(entry.createdAt)}`;
  return (
    <Card as="article" aria-label={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-serif text-title">{name}</h3>
        <span className="text-small text-ink-muted">{written(entry.createdAt)}</span>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {entry.mood && <Badge tone="accent">{entry.mood}</Badge>}
        {entry.tags.map((tag) => (
          <Badge key={tag}>#{tag}</Badge>
        ))}
      </div>
      <p className="mt-3 whitespace-pre-line wrap-anywhere">{entry.content}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Dialog.Root open={editing} onOpenChange={setEditing}>
          <Dialog.Trigger asChild>
            <Button variant="secondary" size="sm">
              Edit
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
            <Dialog.Content className="fixed inset-x-4 top-8 z-50 mx-auto max-h-[90vh] max-w-xl overflow-y-auto rounded-lg bg-surface p-5 text-ink shadow-raised">
              <Dialog.Title className="font-serif text-title">Edit entry</Dialog.Title>
              <Dialog.Description className="mb-4 text-small text-ink-muted">
                Only you can read your journal.
              </Dialog.Description>
              <JournalForm
                initial={{
                  title: entry.title ?? '',
                  content: entry.content,
                  mood: entry.mood,
                  tags: entry.tags,
                }}
                submitLabel="Save changes"
                onCancel={() => setEditing(false)}
                onSave={async (draft) => {
                  await edit.mutateAsync({ id: entry.id, ...draft });
                  setEditing(false);
                  toast({
                    title: 'Entry updated',
                    description: 'Your journal entry has been updated.',
                  });
                }}
                onFailure={(error) =>
                  toast({
                    title: 'Error',
                    description: `Failed to update entry: ${failureText(error)}`,
                    variant: 'destructive',
                  })
                }
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              <DeleteIcon aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this entry?"
          description="Are you sure you want to delete this journal entry? This action cannot be undone."
          confirmLabel="Delete"
          onConfirm={() =>
            remove.mutate(entry.id, {
              onSuccess: () =>
                toast({
                  title: 'Entry deleted',
                  description: 'Your journal entry has been removed.',
                }),
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: `Failed to delete entry: ${failureText(error)}`,
                  variant: 'destructive',
                }),
            })
          }
        />
      </div>
    </Card>
  );
};
