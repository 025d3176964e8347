/**
 * A front end racing others for the start lock (test/serve/start-lock.test.ts), run as a process of its own:
 * says `ready`, takes the lock at the first line on its stdin, says whether it got it, and lives on until its
 * stdin ends (a taker that ended would be gone, and its lock stale for the next).
 */
import { takeStartLock } from '../../src/serve/start-lock.js';

const path = process.argv[2] ?? '';
let tried = false;
process.stdin.on('data', () => {
  if (tried) return;
  tried = true;
  const result = takeStartLock(path, { now: Date.now });
  process.stdout.write(`${JSON.stringify({ pid: process.pid, taken: result.taken })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdout.write('ready\n');
