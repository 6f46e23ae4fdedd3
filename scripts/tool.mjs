// `npm run NAME` for the server's programs (scripts/server-entries.mjs): runs the TypeScript
// source through tsx where the source is (a clone), else the compiled dist/server/NAME.js (the
// image, which holds neither the source nor tsx). Same process, same arguments, same exit.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRIES, SERVER_OUT_DIR } from './server-entries.mjs';

const root = resolve(import.meta.dirname, '..');
const [name] = process.argv.splice(2, 1);
const source = SERVER_ENTRIES[name];
if (!source) {
  console.error(`tool: no program named ${name ?? '(none)'}`);
  process.exit(2);
}
const compiled = join(root, SERVER_OUT_DIR, `${name}.js`);
if (existsSync(join(root, source))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, source)).href);
} else if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  console.error(`tool: neither ${source} nor ${SERVER_OUT_DIR}/${name}.js is here (npm run build)`);
  process.exit(1);
}
