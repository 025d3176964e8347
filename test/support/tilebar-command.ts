/**
 * The built `tilebar` command as a test starts it with this run's node (process.execPath, so that CI's run under
 * each Node line tests that line): node, the flags the command's #! line gives node (NODE_LAUNCH_FLAGS; the
 * inspector's port where nothing can listen), the bundle, the arguments. A test that means to start it otherwise
 * (a bare `node main.js`, or the file itself, through its #! line) says so.
 */
import { join } from 'node:path';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';

/** The bundle's entry: what npm links as the `tilebar` command. */
export const MAIN = join(process.cwd(), 'dist', 'bundle', 'main.js');

/** node's arguments for `tilebar ...args`. */
export function tilebarArgs(...args: readonly string[]): string[] {
  return [...NODE_LAUNCH_FLAGS, MAIN, ...args];
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** `tilebar ...args` as one shell command line, each word quoted: for a tmux pane or a host bar's config. */
export function tilebarCommand(...args: readonly string[]): string {
  return [process.execPath, ...tilebarArgs(...args)].map(quote).join(' ');
}
