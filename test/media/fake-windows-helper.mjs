#!/usr/bin/env node
// A stand-in for the PowerShell media-session helper: speaks its protocol. Prints the lines of the
// FAKE_HELPER_SCRIPT environment variable (JSON array of strings, written as given: partial lines, junk
// and huge lines included), then echoes each control line it reads as `{"session":…}` with the command in
// the title, or exits with FAKE_HELPER_EXIT when the line is `exit`.
import { createInterface } from 'node:readline';

const script = JSON.parse(process.env.FAKE_HELPER_SCRIPT ?? '[]');
for (const chunk of script) process.stdout.write(chunk);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'exit') process.exit(Number(process.env.FAKE_HELPER_EXIT ?? 3));
  process.stdout.write(`${JSON.stringify({ session: { id: 'Spotify.exe', artist: 'Artist', title: `got ${line}`, status: 'Playing', canNext: true, canPrevious: true } })}\n`);
});
