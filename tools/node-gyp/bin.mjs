#!/usr/bin/env node
// The project's `node-gyp` bin (a dependency, so it is on the PATH of every install script before
// npm's own): a native module that builds from source (better-sqlite3) runs npm's node-gyp
// through it. Where this Node's own headers are installed beside it (Debian's nodejs:
// /usr/include/node), node-gyp is pointed at them, so nothing is downloaded; elsewhere node-gyp
// behaves as usual. This replaces a `nodedir` line in `.npmrc`, a key npm 11 does not know and
// warns about on every command (and npm does not hand its `node-gyp` setting to install scripts).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The install prefix of the running Node, when its headers there are for this very version. */
function headersBesideNode() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const file = path.join(prefix, 'include', 'node', 'node_version.h');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const part = (name) => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(text)?.[1];
  const version = `v${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}`;
  return version === process.version ? prefix : undefined;
}

/** npm's own node-gyp (the one npm would have run), found from the npm running this install. */
function npmsNodeGyp() {
  const npmCli = process.env.npm_execpath;
  const require = createRequire(npmCli ?? import.meta.url);
  return require.resolve('node-gyp/bin/node-gyp.js');
}

const nodedir = process.env.npm_config_nodedir ? undefined : headersBesideNode();
if (nodedir) process.env.npm_config_nodedir = nodedir;
await import(pathToFileURL(npmsNodeGyp()).href);
