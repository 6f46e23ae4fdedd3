// The one way Boon's command-line tools read their arguments and end: a mistake in the
// command line is one line and exit 2, a refusal or a failure one line and exit 1, never a
// stack trace (BOON_DEBUG=1 adds it, for whoever debugs the tool itself).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../../infra/config';

/** A mistake in the command line: exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A refusal or a failure the person running the tool can act on: exit 1. */
export class CliError extends Error {
  override name = 'CliError';
}

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

export type CommandSpec<O extends OptionSpecs> = {
  /** The tool's name, first on each line it prints about itself. */
  name: string;
  /** What --help prints. */
  usage: string;
  options: O;
  /** How many words besides options the tool takes (none by default). */
  positionals?: { min: number; max: number };
};

/** parseArgs' own messages, made short and about this command line. */
const saidPlainly = (error: Error & { code?: string }): string => {
  const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? error.message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /ambiguous/.test(error.message)
        ? `${option} needs a value (one that does not start with "-")`
        : /does not take an argument/.test(error.message)
          ? `${option} takes no value`
          : `${option} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']*)'/.exec(error.message)?.[1] ?? ''}`.trim();
    default:
      return error.message.split('\n')[0]!;
  }
};

export type CommandLine<O extends OptionSpecs> = ReturnType<typeof parseCommandLine<O>>;

/** Reads a command line by the tool's spec; a mistake is a UsageError naming it. */
export const parseCommandLine = <O extends OptionSpecs>(spec: CommandSpec<O>, argv: string[]) => {
  const { min, max } = spec.positionals ?? { min: 0, max: 0 };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: spec.options,
      strict: true,
      allowPositionals: max > 0,
    });
  } catch (error) {
    throw new UsageError(saidPlainly(error as Error));
  }
  const { positionals } = parsed;
  if (positionals.length > max) throw new UsageError(`unexpected argument ${positionals[max]}`);
  if (positionals.length < min) throw new UsageError('a command is missing');
  return parsed;
};

/** The first line of an error's message, with what kind of failure it is when that helps. */
export const oneLine = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const first = error.message.split('\n')[0]!.trim();
  const code = (error as { code?: unknown }).code;
  if (error instanceof ConfigError) return `invalid configuration: ${error.problems.join('; ')}`;
  if (error instanceof CliError || error instanceof UsageError) return first;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return `a database file is damaged or not Boon's (${first}): restore it from a backup`;
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return `SQLite: ${first}`;
  if (/^Mongo(ServerSelection|Network|Topology)/.test(error.name)) {
    return `MongoDB did not answer (${first}): start it or fix its URL`;
  }
  if (/Unavailable|Unreachable|DeadlineExceeded/.test(error.name) || code === 'ECONNREFUSED') {
    return `an engine did not answer (${first}): start it or fix its URL`;
  }
  return first;
};

const exitCodeOf = (error: unknown) =>
  error instanceof UsageError || error instanceof ConfigError ? 2 : 1;

const fail = (name: string, error: unknown): never => {
  const usage = error instanceof UsageError ? ' (see --help)' : '';
  process.stderr.write(`${name}: ${oneLine(error)}${usage}\n`);
  if (process.env.BOON_DEBUG && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(exitCodeOf(error));
};

/**
 * Runs a tool: reads its command line (`--help` prints the usage and exits 0), runs `main`,
 * and ends the process: 0 when `main` returns (or the code it returns), 2 for a mistake in the
 * command line or the configuration, 1 for anything else, each said in one line on stderr.
 */
export const runCli = <O extends OptionSpecs>(
  spec: CommandSpec<O>,
  main: (commandLine: CommandLine<O>) => Promise<number | void>,
  argv: string[] = process.argv.slice(2),
): void => {
  // A reader that went away (`| head`) is not a failure of the tool.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  process.on('uncaughtException', (error) => fail(spec.name, error));
  process.on('unhandledRejection', (error) => fail(spec.name, error));
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${spec.usage.trimEnd()}\n`);
    process.exit(0);
  }
  Promise.resolve()
    .then(() => main(parseCommandLine(spec, argv)))
    .then(
      (code) => process.exit(code ?? 0),
      (error: unknown) => fail(spec.name, error),
    );
};
