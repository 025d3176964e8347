#!/usr/bin/env node
// A fake komorebic for the Windows named-pipe path: records its arguments (one JSON line each in
// $FAKE_KOMOREBIC_LOG), answers `state` with the file $FAKE_KOMOREBIC_STATE, and fails as komorebic does
// when komorebi is not running while the file $FAKE_KOMOREBIC_DOWN exists. komorebi itself (connecting to
// the pipe and writing notifications) is played by the test.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
appendFileSync(process.env.FAKE_KOMOREBIC_LOG, `${JSON.stringify(args)}\n`);
if (existsSync(process.env.FAKE_KOMOREBIC_DOWN ?? '/nonexistent')) {
  process.stderr.write('Error: No connection could be made because the target machine actively refused it. (os error 10061)\n');
  process.exit(1);
}
if (args[0] === 'state') process.stdout.write(readFileSync(process.env.FAKE_KOMOREBIC_STATE, 'utf8'));
