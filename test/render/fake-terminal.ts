/** A terminal for in-process runs of the bar, and the screen its output leaves. */
import { EventEmitter } from 'node:events';
import type { RunTerminal } from '../../src/cli/run.js';

/** The stdin Ink is handed: a TTY stream it never reads (it is never asked for raw mode). */
class FakeStdin extends EventEmitter {
  isTTY = true;
  setRawMode() {}
  setEncoding() {}
  ref() {}
  unref() {}
  read(): string | null {
    return null;
  }
}

/** A terminal for both renderers, which read its input through onKeys (Ink is handed the stdin and never reads it). */
export function fakeTerminal(columns: number, rows: number) {
  const written: string[] = [];
  let resize: () => void = () => undefined;
  let keys: ((d: string) => void) | undefined;
  const stdin = new FakeStdin();
  const size = { columns, rows };
  const terminal: RunTerminal = {
    write: (t) => void written.push(t),
    size: () => size,
    onResize: (l) => ((resize = l), () => undefined),
    onKeys: (l) => {
      keys = l;
      return () => (keys = undefined);
    },
    stdin: stdin as unknown as NodeJS.ReadStream,
  };
  return {
    terminal,
    written,
    size,
    resize: () => resize(),
    press: (k: string) => keys?.(k),
    /** Whether the bar reads the input now (the Ink app starts to in an effect after its first frame). */
    reading: () => keys !== undefined,
  };
}

export function screenOf(written: readonly string[]): string[] {
  const rows: string[] = [];
  for (const w of written) {
    // A row is cleared before it is written, so blanks left at its end (Ink trims uncoloured ones) are blank.
    for (const m of w.matchAll(/\x1b\[(\d+);1H\x1b\[0m\x1b\[K(.*?)\x1b\[0m(?=\x1b\[\d+;1H|$)/g)) rows[Number(m[1]) - 1] = (m[2] ?? '').replace(/\x1b\[[0-9;]*m/g, '').trimEnd();
  }
  return rows;
}

