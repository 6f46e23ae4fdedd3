import { useState } from 'react';
import { JOURNAL_PROMPTS } from '../../../../domain/contracts/journal';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { failureText } from '../../../lib/api-client';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useJournalEntries } from '../api/journal-entries';
import { useWaitingEntries, useWriteJournalEntry } from '../api/save-journal-entry';
import { JournalEntry } from './journal-entry';
import { JournalForm } from './journal-form';
import { OnThisDay } from './on-this-day';
import { WaitingEntry } from './waiting-entry';

const randomPrompt = () => JOURNAL_PROMPTS[Math.floor(Math.random() * JOURNAL_PROMPTS.length)]!;

/**
 * The private journal: collapsed with one of the six reflection prompts and 'Start Writing';
 * writing begins from that prompt (as the title, which the person may change or clear); search,
 * edit and delete below.
 */
export const JournalPanel = () => {
  const [prompt] = useState(randomPrompt);
  const [writing, setWriting] = useState(false);
  const [search, setSearch] = useState('');
  const entries = useJournalEntries(search.trim());
  const write = useWriteJournalEntry();
  const waiting = useWaitingEntries();
  const { toast } = useToast();

  return (
    <div className="grid gap-6">
      <Card aria-labelledby="journal-title">
        <h2 id="journal-title" className="font-serif text-title">
          Private Journal
        </h2>
        <p className="mt-1 text-small text-ink-muted">
          Only you can ever read what you write here.
        </p>
        <figure className="mt-4 border-l-4 border-accent pl-4">
          <figcaption className="text-small font-semibold text-ink-muted">
            A prompt to reflect on
          </figcaption>
          <blockquote className="mt-1 font-serif text-lead wrap-anywhere">{prompt}</blockquote>
        </figure>
        {writing ? (
          <div className="mt-4">
            <JournalForm
              initial={{ title: prompt, content: '', mood: null, tags: [] }}
              submitLabel="Save Entry"
              onCancel={() => setWriting(false)}
              onSave={async (draft) => {
                const saved = await write.mutateAsync({
                  ...draft,
                  // Kept as the prompt's title, it is a reflection on the prompt.
                  entryType:
                    draft.title.trim() === prompt ? 'prompt_reflection' : 'daily_reflection',
                });
                setWriting(false);
                toast(
                  saved.sent
                    ? {
                        title: 'Journal entry saved',
                        description: 'Your reflection has been recorded privately.',
                      }
                    : {
                        title: 'Kept on this device',
                        description:
                          'Boon can’t be reached: your entry waits here and is saved when you’re back.',
                      },
                );
              }}
              onFailure={(error) =>
                toast({
                  title: 'Error',
                  description: `Failed to save entry: ${failureText(error)}`,
                  variant: 'destructive',
                })
              }
            />
          </div>
        ) : (
          <Button className="mt-4" onClick={() => setWriting(true)}>
            Start Writing
          </Button>
        )}
      </Card>
      <OnThisDay />
      <div className="max-w-md">
        <TextField
          label="Search your journal"
          type="search"
          value={search}
          onValueChange={setSearch}
        />
      </div>
      {waiting.length > 0 && (
        <ul className="grid gap-4" aria-label="Waiting to be saved">
          {waiting.map((kept) => (
            <WaitingEntry key={kept.key} write={kept} />
          ))}
        </ul>
      )}
      {entries.isPending ? (
        <SkeletonList count={2} label="Loading your journal…" />
      ) : (entries.data ?? []).length === 0 ? (
        waiting.length > 0 ? null : (
          <EmptyState title={search ? 'No entries found' : 'Your journal is empty'}>
            <p>{search ? 'Try other words.' : 'Your first reflection will appear here.'}</p>
          </EmptyState>
        )
      ) : (
        <div className="grid gap-4">
          {entries.data!.map((entry) => (
            <JournalEntry key={entry.id} entry={entry} />
          ))}
        </div>
      )}
    </div>
  );
};
