// `npm run NAME` for the server's programs (scripts/server-entries.mjs): runs the compiled
// dist/server/NAME.js, in a clone built first whenever a source file is newer
// (scripts/server-build.mjs, under a second), in the image as it was built there. Run through
// tsx instead, each tool took two to three seconds to start. Same process, same arguments,
// same exit; stack traces name the TypeScript source (source maps).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt } from './server-build.mjs';
import { SERVER_ENTRIES, SERVER_OUT_DIR } from './server-entries.mjs';

const [name] = process.argv.splice(2, 1);
if (!SERVER_ENTRIES[name]) {
  console.error(`tool: no program named ${name ?? '(none)'}`);
  process.exit(2);
}
const compiled = ensureServerBuilt(name);
if (!existsSync(compiled)) {
  console.error(`tool: neither ${SERVER_ENTRIES[name]} nor ${SERVER_OUT_DIR}/${name}.js is here`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(compiled).href);
