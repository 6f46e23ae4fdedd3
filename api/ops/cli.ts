import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BackupError } from './embedded-backup';

/** Parses a command's options; a mistake prints the usage and exits 2. */
export const options = <T extends NonNullable<ParseArgsConfig['options']>>(
  usage: string,
  spec: T,
) => {
  try {
    return parseArgs({ options: spec, strict: true, allowPositionals: false }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: ${usage}`);
    process.exit(2);
  }
};

export const usageError = (message: string, usage: string): never => {
  console.error(`${message}\nusage: ${usage}`);
  process.exit(2);
};

/** Runs a command: what a person can fix is one line and exit 1; anything else its stack. */
export const run = (command: () => Promise<void>) => {
  command().catch((error: unknown) => {
    console.error(error instanceof BackupError ? `refused: ${error.message}` : error);
    process.exit(1);
  });
};
