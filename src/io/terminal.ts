/** The terminal `tilebar run` draws in: this process's own, or a fake one in tests. */
export interface RunTerminal {
  write(text: string): void;
  size(): { columns: number; rows: number };
  onResize(listener: () => void): () => void;
  /** The terminal's input, raw, for both renderers (keys and mouse reports); returns the stop function. */
  onKeys(listener: (data: string) => void): () => void;
  /** The terminal's input stream, handed to Ink, which never reads it: it is never asked for raw mode (ink/input-hooks.ts). */
  stdin: NodeJS.ReadStream;
  /** The terminal went away (a closed pane): the bar ends. */
  onGone?(listener: () => void): () => void;
}

export function processTerminal(): RunTerminal {
  const out = process.stdout;
  return {
    // A write to a terminal that has gone (its pane closed: EIO, EPIPE) is reported by onGone, not thrown.
    write: (text) => void out.write(text, () => undefined),
    onGone: (listener) => {
      const onError = () => listener();
      out.on('error', onError);
      return () => out.off('error', onError);
    },
    size: () => ({ columns: out.columns ?? 80, rows: out.rows ?? 1 }),
    onResize: (listener) => {
      out.on('resize', listener);
      return () => out.off('resize', listener);
    },
    onKeys: (listener) => {
      const stdin = process.stdin;
      if (!stdin.isTTY) return () => undefined;
      stdin.setRawMode(true);
      stdin.setEncoding('utf8');
      stdin.on('data', listener);
      stdin.resume();
      return () => {
        stdin.off('data', listener);
        stdin.setRawMode(false);
        stdin.pause();
      };
    },
    stdin: process.stdin,
  };
}

/** A terminal's size as the bar uses it: a pane of 0 columns is drawn as 1, a size past 1000 as 1000. */
export function barSize(terminal: RunTerminal): { width: number; height: number } {
  const clamp = (n: number) => (Number.isFinite(n) ? Math.max(1, Math.min(1000, Math.floor(n))) : 1);
  const { columns, rows } = terminal.size();
  return { width: clamp(columns), height: clamp(rows) };
}
