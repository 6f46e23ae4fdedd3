import { parseArgs } from 'node:util';
import type { SentimentExportQuery } from '../../domain/contracts/sentiment';
import { sentimentExportQuery } from '../../domain/contracts/schemas/sentiment';

export const USAGE = `Replays Boon's event log and writes the sentiment figures of a period.

usage: npm run analyst -- sentiment --from YYYY-MM-DD --to YYYY-MM-DD
         [--category NAME] [--format csv|json] [--out FILE]

  --from, --to   product days of the period, both included (at most 3660 days)
  --category     only the questions of this category, e.g. "Ethics & Morality"
  --format       csv (default): one line per question-day, then a "total" line;
                 json: { from, to, category, rows: [...], totals: {...} }
  --out FILE     write there instead of standard output
  --help         this text

Each row is one question on one product day with at least one standing answer: answers,
average spectrum, distribution left/center/right in percent, replies, echoes, reactions per
emoji, the analyzer's average scores, the rejection rate, and the trend against the period
of the same length just before. The figures are the dashboard's (GET /api/sentiment),
computed by the same reducer. No ids of people, no pseudonyms, no answers' words.

Reads the log from DATA_DIR (default ./data), or EventStoreDB when EVENTSTORE_URL is set.
Progress goes to standard error. Exit codes: 0 done, 1 failed, 2 bad arguments.`;

/** What the command line asks for: the usage, a sentiment export, or a mistake to name. */
export type AnalystRequest =
  | { kind: 'help' }
  | { kind: 'sentiment'; query: SentimentExportQuery; out: string | undefined }
  | { kind: 'refused'; message: string };

const optionsOf = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      category: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });

/** Reads the arguments (after the script's name); the period goes through the HTTP export's schema. */
export const analystRequest = (argv: string[]): AnalystRequest => {
  let parsed: ReturnType<typeof optionsOf>;
  try {
    parsed = optionsOf(argv);
  } catch (error) {
    return { kind: 'refused', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length !== 1 || positionals[0] !== 'sentiment') {
    const given = positionals.join(' ') || '(none)';
    return { kind: 'refused', message: `unknown command ${given}: the command is "sentiment"` };
  }
  const { help: _help, out, ...given } = values;
  const query = sentimentExportQuery.safeParse(given);
  if (query.success) return { kind: 'sentiment', query: query.data, out };
  const issue = query.error.issues[0]!;
  const field = issue.path.join('.');
  return {
    kind: 'refused',
    message:
      issue.code === 'invalid_type' ? `--${field} is required` : `--${field}: ${issue.message}`,
  };
};
