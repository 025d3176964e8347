/**
 * Where the Ink app's frames go: a stand-in for a stdout that hands each rendered frame to FrameWriter.
 *
 * Ink runs in debug mode against it (reference/INK-LIVE.md measured the ways to hook Ink to a 1-row pane):
 * Ink then writes each frame exactly, with no escapes of its own — no newline after the last row, no erase,
 * no clear of the screen and its scrollback, no cursor codes — and it does so whether or not `CI` is set,
 * where Ink's normal mode draws nothing live. FrameWriter keeps owning the terminal: the alternate screen,
 * each row from its first column, unchanged rows skipped. It is not a TTY, so Ink never thinks it fills the
 * screen. It reports the bar's size as its `columns` and `rows`: Ink 8 asks for the window's size at every layout
 * (getWindowSize), and without both it asks terminal-size, which looks at the process's own stdout and stderr and
 * failing those opens /dev/tty and runs `tput` and `resize` — every frame (bench/ink-tick.mjs, whose stdout is a
 * pipe, spent most of a tick there). In debug mode Ink uses `rows` for nothing else. Nothing in the app may write
 * through `useStdout().write` or `<Static>`: in debug mode those arrive here as if they were frames.
 */
import { EventEmitter } from 'node:events';
import type { FrameWriter } from '../terminal.js';

export class InkFrameSink extends EventEmitter {
  constructor(
    private readonly writer: FrameWriter,
    private readonly size: () => { width: number; height: number },
  ) {
    super();
  }

  /** What Ink lays the root out in. */
  get columns(): number {
    return this.size().width;
  }

  /** The bar's height, so that Ink never looks for the terminal's size itself. */
  get rows(): number {
    return this.size().height;
  }

  /**
   * A frame: its rows as FrameWriter draws them. Draws nothing for an empty write (Ink's on a narrowing resize) or
   * for the lone newline Ink 8 ends with when it unmounts a non-interactive app in debug mode (drawn, it blanked the
   * bar's rows as it quit). The callback is Ink 8's barrier at unmount, which `waitUntilExit` waits on: called once
   * the frame is drawn (FrameWriter's draw is synchronous), on a later turn as a stream would.
   */
  write(frame: string, callback?: (error?: Error | null) => void): boolean {
    if (frame !== '' && frame !== '\n') this.writer.draw(frame.split('\n'));
    if (callback !== undefined) setImmediate(callback);
    return true;
  }

  /** The terminal was resized: Ink lays out again at the new width. */
  resized(): void {
    this.emit('resize');
  }
}
