import type { ExportedJournalEntry } from '../contracts/privacy';

const heading = (entry: ExportedJournalEntry) =>
  entry.title ? `## ${entry.day}: ${entry.title}` : `## ${entry.day}`;

const details = (entry: ExportedJournalEntry) =>
  [
    entry.mood ? `Mood: ${entry.mood}` : null,
    entry.tags.length > 0 ? `Tags: ${entry.tags.join(', ')}` : null,
  ].filter((line): line is string => line !== null);

/**
 * A journal as Markdown, oldest entry first: a heading per entry (its product day and title),
 * its mood and tags, then the text as written.
 */
export const journalAsMarkdown = (pseudonym: string | null, entries: ExportedJournalEntry[]) => {
  const title = pseudonym ? `# Journal of ${pseudonym}` : '# Journal';
  if (entries.length === 0) return `${title}\n\nNo entries.\n`;
  const sections = [...entries]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((entry) => [heading(entry), ...details(entry), '', entry.content.trim()].join('\n'));
  return `${[title, ...sections].join('\n\n')}\n`;
};
