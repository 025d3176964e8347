/**
 * The one way tests stand in for a host's end of a feed's standard output: a `Writable` that keeps everything
 * written, for the test to read (`capture-io.ts` does the same for a command's `CliIo`).
 */
import { Writable } from 'node:stream';

export interface CollectingWritable {
  out: Writable;
  /** Everything written so far. */
  written: () => string;
  /** The complete lines written so far (a line still being written is left out until its newline). */
  lines: () => string[];
}

export function collectingWritable(): CollectingWritable {
  let written = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  return { out, written: () => written, lines: () => written.split('\n').slice(0, -1) };
}
