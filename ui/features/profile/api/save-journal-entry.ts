import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  EntryType,
  JournalEntryDto,
  JournalWriteResult,
} from '../../../../domain/contracts/journal';
import { api } from '../../../lib/api-client';
import { sendOrKeep, useOutbox, whenSent } from '../../../lib/offline/outbox';
import { queryKeys } from '../../../lib/query-keys';

export type JournalDraft = {
  title: string;
  content: string;
  mood: string | null;
  tags: string[];
};

/**
 * A new entry, kept in the outbox until Boon has it: written offline, it waits (shown at the
 * top of the journal) and is saved once on reconnecting, even after a reload.
 */
const write = (draft: JournalDraft & { entryType: EntryType }) =>
  sendOrKeep<JournalWriteResult>({
    kind: 'journal',
    path: '/api/journal',
    body: { ...draft, isPrivate: true },
    text: draft.content,
    about: {},
  });

const edit = ({ id, ...draft }: JournalDraft & { id: string }) =>
  api<JournalWriteResult>(`/api/journal/${encodeURIComponent(id)}`, { method: 'PUT', body: draft });

const refreshJournal = (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: queryKeys.journal });
  void client.invalidateQueries({ queryKey: queryKeys.badges });
};

/** The unsearched list, which a waiting entry joins as it leaves the outbox. */
const journalList = [...queryKeys.journal, 'list', ''] as const;

whenSent('journal', (_write, body, client) => {
  const { entry } = body as JournalWriteResult;
  client.setQueryData<JournalEntryDto[]>(journalList, (list) =>
    list && !list.some((kept) => kept.id === entry.id) ? [entry, ...list] : list,
  );
  refreshJournal(client);
});

/** Entries written here that Boon does not have yet, newest first. */
export const useWaitingEntries = () =>
  useOutbox()
    .filter((kept) => kept.kind === 'journal' && kept.status !== 'refused')
    .reverse();

/** Writes a new entry: saved, or kept on this device while Boon cannot be reached. */
export const useWriteJournalEntry = () =>
  useMutation({
    mutationFn: write,
    // Offline too: the outbox keeps it (a paused mutation would be lost with the page).
    networkMode: 'always',
  });

/** Saves an edited entry; the list is fetched again once it is saved. */
export const useEditJournalEntry = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: edit, onSettled: () => refreshJournal(client) });
};
