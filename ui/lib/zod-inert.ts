/**
 * zod as the browser bundle sees it (vite.config.ts aliases `zod` here for the UI only).
 *
 * The UI shares the contracts' constants and types with the server (domain/contracts) but never
 * validates with their schemas: the server does, and the UI shows the problem it answers. The
 * schemas are still built when a contract module loads, and the bundler cannot prove that
 * building one is free of side effects (`z.enum(REACTION_EMOJI, …)` hands it the module's own
 * array), so without this stand-in every page that imports a contract paid for zod: 25 KB of
 * gzip on a first visit to a discussion. Here building a schema costs a call and yields an inert
 * value; validating with one, or reading one as text or a list, throws, so a UI that starts to
 * need zod fails loudly in the browser suites instead of quietly. TypeScript still checks the
 * contracts against the real zod.
 */

const VALIDATIONS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'safeDecode',
  'decodeAsync',
  'safeDecodeAsync',
  'encode',
  'safeEncode',
  'encodeAsync',
  'safeEncodeAsync',
]);

const refuse = (what: string) => () => {
  throw new Error(
    `zod is left out of the browser bundle, so a schema cannot ${what} here: the server validates (see ui/lib/zod-inert.ts)`,
  );
};

/** Any property of it is itself, and so is calling it: `z.string().max(5).optional()` is inert. */
const inert: unknown = new Proxy(function schema() {}, {
  get: (_target, key) => {
    if (key === Symbol.iterator) return refuse('be read as a list');
    if (key === Symbol.toPrimitive) return refuse('be read as text');
    // Not a promise: `await` on it must not wait for a `then` that never calls back.
    if (typeof key === 'symbol' || key === 'then') return undefined;
    if (VALIDATIONS.has(key)) return refuse(key);
    return inert;
  },
  apply: () => inert,
  construct: () => inert as object,
});

export const z = inert;
export default inert;
