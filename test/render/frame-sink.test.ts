/**
 * The Ink app's stand-in stdout (src/pane/ink/frame-sink.ts) gives Ink the bar's size: Ink 8 asks for the window's
 * size at every layout, and without both a width and a height it falls back to terminal-size, which looks at the
 * process's own stdout and stderr and failing those opens /dev/tty and runs `tput` and `resize` — on every frame.
 */
import { describe, expect, it } from 'vitest';
import { InkFrameSink } from '../../src/pane/ink/frame-sink.js';
import { FrameWriter } from '../../src/pane/terminal.js';
// Ink's own function, from its build (not among its exports): what it lays the root out in.
import { getWindowSize } from '../../node_modules/ink/build/utils.js';

describe('InkFrameSink', () => {
  it("gives Ink the bar's size, so Ink never looks for the terminal's itself", () => {
    let size = { width: 160, height: 3 };
    // Ink takes it as its stdout (mount.tsx), as here.
    const sink = new InkFrameSink(new FrameWriter({ write: () => undefined }), () => size) as unknown as NodeJS.WriteStream;
    expect(getWindowSize(sink)).toEqual({ columns: 160, rows: 3 });
    size = { width: 80, height: 1 };
    expect(getWindowSize(sink)).toEqual({ columns: 80, rows: 1 });
  });
});
