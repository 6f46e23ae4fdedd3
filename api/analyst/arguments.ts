import type { SentimentExportQuery } from '../../domain/contracts/sentiment';
import { sentimentExportQuery } from '../../domain/contracts/schemas/sentiment';
import { unknownCategory } from '../../domain/sentiment/categories';
import {
  parseCommandLine,
  UsageError,
  type CommandLine,
  type CommandSpec,
  type OptionSpecs,
} from '../ops/cli';

export const USAGE = `Replays Boon's event log and writes the sentiment figures of a period, or
the opinion map of a question.

usage: npm run analyst -- sentiment --from YYYY-MM-DD --to YYYY-MM-DD
         [--category NAME] [--format csv|json] [--out FILE [--force]]
       npm run analyst -- opinions --question ID [--format csv|json] [--out FILE [--force]]

  --from, --to   product days of the period, both included (at most 3660 days)
  --category     only the questions of this category, e.g. "Ethics & Morality"
  --format       csv (default): one line per question-day, then a "total" line;
                 json: { from, to, category, rows: [...], totals: {...} }
  --out FILE     write there instead of standard output: never over an existing file
                 (unless --force), never into a data folder, onto an engine's file or
                 onto a file the configuration names (KEY_ENCRYPTION_KEY_FILE, *_FILE)
  --force        replace an existing FILE
  --help         this text

Each row is one question on one product day with at least one standing answer: answers,
average spectrum, distribution left/center/right in percent, replies, echoes, reactions per
emoji, the analyzer's average scores, the rejection rate, and the trend against the period
of the same length just before. The figures are the dashboard's (GET /api/sentiment),
computed by the same reducer. No ids of people, no pseudonyms, no answers' words.

The opinion map is the one GET /api/opinions/ID serves (the same reducer and computation):
its groups (size, representative answers with their agreement inside and outside the
group and the z-score), the common ground with its consensus scores, the share of answers
every group leans to echo, and in JSON the anonymous places. csv: a "map" line, then one
line per group, representative answer and common-ground answer.

Reads the log from DATA_DIR (default ./data), or EventStoreDB when EVENTSTORE_URL is set.
Progress goes to standard error. Exit codes: 0 done, 1 failed, 2 bad arguments.`;

const OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
  category: { type: 'string' },
  question: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean', default: false },
} satisfies OptionSpecs;

export const ANALYST_COMMAND: CommandSpec<typeof OPTIONS> = {
  name: 'analyst',
  usage: USAGE,
  positionals: { min: 0, max: 1 },
  options: OPTIONS,
};

/** A sentiment export asked for on the command line. */
export type SentimentRequest = {
  query: SentimentExportQuery;
  out: string | undefined;
  force: boolean;
};

/** The request a command line makes; the period goes through the HTTP export's schema. */
export const sentimentRequest = ({
  values,
  positionals,
}: CommandLine<typeof OPTIONS>): SentimentRequest => {
  if (positionals[0] !== 'sentiment') {
    throw new UsageError(
      `unknown command ${positionals[0] ?? '(none)'}: the commands are "sentiment" and "opinions"`,
    );
  }
  const { out, force, question, ...given } = values;
  if (question !== undefined) throw new UsageError('--question goes with opinions');
  if (force && !out) throw new UsageError('--force goes with --out');
  const query = sentimentExportQuery.safeParse(given);
  if (!query.success) {
    const issue = query.error.issues[0]!;
    const field = issue.path.join('.');
    throw new UsageError(
      issue.code === 'invalid_type' ? `--${field} is required` : `--${field}: ${issue.message}`,
    );
  }
  const category = query.data.category;
  const unknown = category === undefined ? null : unknownCategory(category);
  if (unknown) throw new UsageError(`--category: ${unknown}`);
  return { query: query.data, out, force };
};

/** An opinion map asked for on the command line. */
export type OpinionsRequest = {
  questionId: number;
  format: 'csv' | 'json';
  out: string | undefined;
  force: boolean;
};

export const opinionsRequest = ({ values }: CommandLine<typeof OPTIONS>): OpinionsRequest => {
  const { out, force, question, format = 'csv', ...others } = values;
  const stray = Object.keys(others).find((name) => others[name as keyof typeof others]);
  if (stray) throw new UsageError(`--${stray} goes with sentiment`);
  if (force && !out) throw new UsageError('--force goes with --out');
  if (question === undefined) throw new UsageError('--question is required');
  const questionId = Number(question);
  if (!/^[1-9]\d{0,14}$/.test(question) || !Number.isSafeInteger(questionId)) {
    throw new UsageError('--question: a question id is a positive whole number');
  }
  if (format !== 'csv' && format !== 'json') throw new UsageError('--format: csv or json');
  return { questionId, format, out, force };
};

/** The sentiment request the arguments make (refused when they ask for something else). */
export const analystRequest = (argv: string[]): SentimentRequest =>
  sentimentRequest(parseCommandLine(ANALYST_COMMAND, argv));
