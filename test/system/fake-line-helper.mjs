#!/usr/bin/env node
// A stand-in for tilebar's long-lived Windows helpers (a Linux node script): what it does is its first argument.
//   exit N        exits at once with status N
//   say-exit N    prints `ok`, then exits with status N
//   flood         prints a 200 KB line in pieces, then `good`, then stays
//   echo          answers each stdin line with the matching line of the FAKE_REPLIES environment variable (a JSON
//                 object: request → reply, written as given), or `?` ; stays until stdin ends
//   silent        reads stdin, answers nothing, stays
//   pid FILE      writes its pid to FILE, then stays
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [mode, arg] = process.argv.slice(2);
const stay = () => setInterval(() => undefined, 1 << 30);
if (mode === 'exit') process.exit(Number(arg));
if (mode === 'say-exit') {
  process.stdout.write('ok\n', () => process.exit(Number(arg)));
} else if (mode === 'flood') {
  const piece = 'x'.repeat(10_000);
  for (let i = 0; i < 20; i++) process.stdout.write(piece);
  process.stdout.write('\ngood\n');
  stay();
} else if (mode === 'echo') {
  const replies = JSON.parse(process.env.FAKE_REPLIES ?? '{}');
  createInterface({ input: process.stdin }).on('line', (line) => process.stdout.write(replies[line] ?? '?\n'));
} else if (mode === 'silent') {
  process.stdin.resume();
  stay();
} else if (mode === 'pid') {
  writeFileSync(arg, String(process.pid));
  stay();
}
