// Before any test file runs: the compiled server the tools and `npm start` run, built once if
// a source is newer, so test files running side by side never build it at the same time.
import { ensureServerBuilt } from '../../scripts/server-build.mjs';

export const setup = () => {
  ensureServerBuilt();
};
