import { useState } from 'react';
import { JOURNAL_PROMPTS, type EntryType } from '../../../../domain/contracts/journal';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useJournalEntries } from '../api/journal-entries';
import { useWriteJournalEntry } from '../api/save-journal-entry';
import { JournalEntry } from './journal-entry';
import { JournalForm } from './journal-form';
import { OnThisDay } from './on-this-day';

type Writing = { entryType: EntryType; title: string } | null;

/** The private journal: write (freely or from a prompt), search, edit and delete. */
export const JournalPanel = () => {
  const [writing, setWriting] = useState<Writing>(null);
  const [search, setSearch] = useState('');
  const entries = useJournalEntries(search.trim());
  const write = useWriteJournalEntry();
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
        {writing ? (
          <div className="mt-4">
            <JournalForm
              initial={{ title: writing.title, content: '', mood: null, tags: [] }}
              saving={write.isPending}
              submitLabel="Save Entry"
              onCancel={() => setWriting(null)}
              onSave={(draft) =>
                write.mutate(
                  { ...draft, entryType: writing.entryType },
                  {
                    onSuccess: () => {
                      setWriting(null);
                      toast({ title: 'Entry saved' });
                    },
                    onError: () =>
                      toast({ title: 'Could not save the entry', variant: 'destructive' }),
                  },
                )
              }
            />
          </div>
        ) : (
          <>
            <Button
              className="mt-4"
              onClick={() => setWriting({ entryType: 'daily_reflection', title: '' })}
            >
              Write an entry
            </Button>
            <h3 className="mt-6 text-body font-semibold">Reflection prompts</h3>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {JOURNAL_PROMPTS.map((prompt) => (
                <li key={prompt}>
                  <Button
                    variant="secondary"
                    size="sm"
                    wrap
                    className="w-full"
                    onClick={() => setWriting({ entryType: 'prompt_reflection', title: prompt })}
                  >
                    {prompt}
                  </Button>
                </li>
              ))}
            </ul>
          </>
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
      {entries.isPending ? (
        <SkeletonList count={2} label="Loading your journal…" />
      ) : (entries.data ?? []).length === 0 ? (
        <EmptyState title={search ? 'No entries found' : 'Your journal is empty'}>
          <p>{search ? 'Try other words.' : 'Your first reflection will appear here.'}</p>
        </EmptyState>
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
