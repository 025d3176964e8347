/** A terminal for in-process runs of the bar, and the screen its output leaves. */
import { EventEmitter } from 'node:events';
import type { RunTerminal } from '../../src/cli/run.js';

/** A terminal's input as Ink reads it: a TTY stream in raw mode that is read when it says it is readable. */
class FakeStdin extends EventEmitter {
  isTTY = true;
  private pending: string[] = [];
  setRawMode() {}
  setEncoding() {}
  ref() {}
  unref() {}
  read(): string | null {
    return this.pending.shift() ?? null;
  }
  type(data: string) {
    this.pending.push(data);
    this.emit('readable');
  }
}

/** A terminal for both renderers: the direct one reads keys through onKeys, the Ink app through stdin. */
export function fakeTerminal(columns: number, rows: number) {
  const written: string[] = [];
  let resize: () => void = () => undefined;
  let keys: (d: string) => void = () => undefined;
  const stdin = new FakeStdin();
  const size = { columns, rows };
  const terminal: RunTerminal = {
    write: (t) => void written.push(t),
    size: () => size,
    onResize: (l) => ((resize = l), () => undefined),
    onKeys: (l) => ((keys = l), () => undefined),
    stdin: stdin as unknown as NodeJS.ReadStream,
  };
  return {
    terminal,
    written,
    size,
    resize: () => resize(),
    press: (k: string) => {
      keys(k);
      stdin.type(k);
    },
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

