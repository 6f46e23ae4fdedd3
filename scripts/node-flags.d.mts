/** The default V8 heap limit of a server process, in MiB (see node-flags.mjs). */
export declare const DEFAULT_HEAP_LIMIT_MB: number;
/** The flags for a server process started with `env`; throws naming HEAP_LIMIT_MB when invalid. */
export declare const heapFlags: (
  env?: NodeJS.ProcessEnv | Record<string, string | undefined>,
) => string[];
