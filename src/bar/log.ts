/**
 * The running bar's log: where start-up, reloads, located config problems and faults go, since nothing is
 * written to the terminal the bar draws in. Every line is cleaned of control characters (a log is read in a
 * terminal too, and lines quote readings and peers), each entry is bounded, and the file is rotated once it
 * passes `MAX_LOG_BYTES` (one old file kept), so a fault that repeats all day cannot fill a disk. The file is the
 * user's alone (0600) and a symbolic link at its path is not followed (private-file.ts). Writing never fails the bar.
 */
import { mkdirSync, renameSync, statSync } from 'node:fs';
import { appendPrivate } from '../io/private-file.js';
import { dirname } from 'node:path';
import { displayText } from '../text/safe-text.js';

export const MAX_LOG_BYTES = 1024 * 1024;
/** The longest entry written: a multi-line list of problems fits; a peer's megabytes do not. */
const MAX_ENTRY = 16 * 1024;

export type Log = (text: string) => void;

export function fileLog(path: string, now: () => Date = () => new Date()): Log {
  let written = -1;
  return (text) => {
    try {
      if (written < 0) {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        written = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
      }
      if (written > MAX_LOG_BYTES) {
        renameSync(path, `${path}.1`);
        written = 0;
      }
      const clean = text
        .slice(0, MAX_ENTRY)
        .split('\n')
        .map((line) => displayText(line, MAX_ENTRY))
        .join('\n');
      const entry = `${now().toISOString()} ${clean}\n`;
      appendPrivate(path, entry);
      written += Buffer.byteLength(entry);
    } catch {
      // A log that cannot be written must not stop the bar.
    }
  };
}
