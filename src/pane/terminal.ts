/**
 * Writing frames to a terminal ourselves, not through Ink's log-update: Ink ends a frame with a newline,
 * which scrolls a pane exactly as tall as the bar (a 1-row tmux split), and clears the screen when output is
 * as tall as the terminal. Here each frame goes to the alternate screen from the home position, every row
 * cleared and then written, and no newline after the last row — so nothing ever scrolls or flickers.
 * Cleared first: with autowrap off, the cursor stays on the last column after a full row, and a clear written
 * after the row would erase that cell. Unchanged frames are not written at all.
 */
export interface TerminalOutput {
  write(text: string): void;
}

const ESC = '\x1b';
export const ENTER = `${ESC}[?1049h${ESC}[?25l${ESC}[?7l`; // alternate screen, hide cursor, no autowrap
export const LEAVE = `${ESC}[?7h${ESC}[?25h${ESC}[?1049l`;

export class FrameWriter {
  private last: string[] | undefined;
  private started = false;
  /** Frames and bytes written, for the benchmark and the log. */
  readonly stats = { frames: 0, bytes: 0 };

  constructor(private readonly out: TerminalOutput) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.out.write(ENTER);
  }

  /**
   * Draw a frame (one string per row). Only rows that changed are written, each positioned absolutely;
   * returns whether anything was written.
   */
  draw(rows: readonly string[]): boolean {
    const last = this.last;
    let text = '';
    rows.forEach((row, i) => {
      if (last && last.length === rows.length && last[i] === row) return;
      text += `${ESC}[${i + 1};1H${ESC}[0m${ESC}[K${row}${ESC}[0m`;
    });
    this.last = [...rows];
    if (text === '') return false;
    this.out.write(text);
    this.stats.frames++;
    this.stats.bytes += Buffer.byteLength(text);
    return true;
  }

  /** Forget the last frame (after a resize the whole screen must be drawn again). */
  invalidate(): void {
    this.last = undefined;
    this.out.write(`${ESC}[2J`);
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.out.write(LEAVE);
  }
}
