// How the `tilebar` command's node is started (src/cli/node-launch-flags.ts says why it has flags): the #! line
// scripts/bundle.mjs writes, and the flags read back from a built command's #! line by the scripts that start the
// bundle with a node of their own (process.execPath: scripts/start.mjs, bench/), so that they start it as a user's
// `tilebar` does, whichever build they are given.
import { closeSync, openSync, readSync } from 'node:fs';

const ENV_NODE = '#!/usr/bin/env -S node';

/**
 * The #! line that starts node with `flags`. `env -S` splits the rest of the line into arguments (GNU coreutils
 * 8.30 and later, macOS and the BSDs); npm's cmd-shim reads such a line for the .cmd, .ps1 and sh shims it makes
 * on Windows.
 */
export function shebangOf(flags) {
  return flags.length === 0 ? '#!/usr/bin/env node' : `${ENV_NODE} ${flags.join(' ')}`;
}

/** The flags a built command's #! line gives node: none for a build from before there were any. */
export function launchFlagsOf(main) {
  const fd = openSync(main, 'r');
  const head = Buffer.alloc(256);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const first = head.subarray(0, n).toString('utf8').split('\n', 1)[0];
  if (first === '#!/usr/bin/env node') return [];
  if (!first.startsWith(`${ENV_NODE} `)) throw new Error(`${main}: its first line is not the #! line of a tilebar build: ${first}`);
  return first.slice(ENV_NODE.length + 1).split(' ').filter((a) => a !== '');
}

/** node's arguments for `tilebar ...args` from the built command `main`: its launch flags, itself, the arguments. */
export function nodeArgs(main, ...args) {
  return [...launchFlagsOf(main), main, ...args];
}
