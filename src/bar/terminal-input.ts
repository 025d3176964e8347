/**
 * The terminal's input as one stream (pure): keys, and the mouse reports among them, however the reads cut it.
 *
 * A terminal writes each key and each report at once, but the bar reads whatever has arrived: a report can end
 * one read and begin the next (`ESC[<35;5` | `;1M`), and Ink's parser hands an unfinished sequence on by itself
 * at the next turn of the event loop. So no read is looked at alone: the decoder keeps its place in a sequence
 * from one chunk to the next, and no byte inside a sequence is ever a key — a report's digits would start
 * launcher items (issue 31). What it knows (ECMA-48, xterm's ctlseqs):
 * - CSI: `ESC [`, parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final byte 0x40–0x7E. However long one
 *   is, only a bounded prefix is kept; `ESC [ <` b;x;y `M`/`m` is an SGR (1006) mouse report.
 * - `ESC [ M` and three raw bytes: the legacy X10 report of a terminal without 1006 (its bytes can be digits).
 * - SS3: `ESC O` and one character (F1–F4, arrows in application mode).
 * - ESC and any other character: an Alt-key, none of the bar's keys.
 * - C0 controls (Ctrl-C among them) are keys wherever they come, as a VT parser executes them inside a sequence
 *   too, leaving the sequence where it was; ESC anywhere begins a new sequence (the unfinished one is dropped).
 *
 * A lone ESC at the end of a read stays pending, with no timeout: it waits for the next character, whenever
 * that comes. It is either the start of a sequence cut by the read (the next read has the rest) or the Escape
 * key, and time cannot tell them apart on a busy machine or a remote link — resolving it by a timer is what let
 * a report's bytes leak as keys. The bar does nothing on Escape, so waiting costs at most one key: Escape then
 * `q` reads as Alt-q, and the next `q` quits.
 */
import { mouseEventOf, type MouseEvent } from './mouse.js';

/** What the stream carries: a character typed outside any sequence, or a mouse report that means something. */
export type TerminalInput = MouseEvent | { kind: 'key'; key: string };

const ESC = '\u001b';
/** The bytes of a CSI kept: any SGR report's (`<`, three numbers and two `;`) fits, with room to spare. */
const MAX_CSI = 32;
const SGR_REPORT = /^<(\d{1,7});(\d{1,7});(\d{1,7})$/;

type Place = 'text' | 'escape' | 'csi' | 'ss3' | 'x10';

export class TerminalInputDecoder {
  private place: Place = 'text';
  /** The current CSI's bytes after `ESC [`, the first MAX_CSI of them; `overlong` once there were more. */
  private csi = '';
  private overlong = false;
  /** The raw bytes of an X10 report read so far (button, column, row). */
  private x10: number[] = [];

  /** What this chunk completes, in order; a sequence it leaves unfinished goes on with the next chunk. */
  feed(chunk: string): TerminalInput[] {
    const out: TerminalInput[] = [];
    for (const ch of chunk) this.step(ch, out);
    return out;
  }

  private step(ch: string, out: TerminalInput[]): void {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === ESC) {
      this.place = 'escape';
      return;
    }
    if (code < 0x20) {
      out.push({ kind: 'key', key: ch });
      return;
    }
    switch (this.place) {
      case 'text':
        out.push({ kind: 'key', key: ch });
        return;
      case 'escape':
        if (ch === '[') this.beginCsi();
        else this.place = ch === 'O' ? 'ss3' : 'text';
        return;
      case 'ss3':
        this.place = 'text';
        return;
      case 'csi':
        this.csiByte(ch, code, out);
        return;
      case 'x10':
        this.x10Byte(code, out);
        return;
    }
  }

  private beginCsi(): void {
    this.place = 'csi';
    this.csi = '';
    this.overlong = false;
  }

  private csiByte(ch: string, code: number, out: TerminalInput[]): void {
    // `ESC [ [` begins the Linux console's F1–F5 (`ESC [ [ A`): the second `[` is not the final byte.
    const legacyBracket = ch === '[' && this.csi === '' && !this.overlong;
    if ((code >= 0x20 && code <= 0x3f) || legacyBracket) {
      if (this.csi.length < MAX_CSI) this.csi += ch;
      else this.overlong = true;
      return;
    }
    // DEL or a character past ASCII has no place in a CSI: ignored, as a VT parser does; the sequence goes on.
    if (code > 0x7e) return;
    this.place = 'text';
    if (this.overlong) return;
    if (ch === 'M' && this.csi === '') {
      this.place = 'x10';
      this.x10 = [];
      return;
    }
    const sgr = ch === 'M' ? SGR_REPORT.exec(this.csi) : null;
    const event = sgr && mouseEventOf(Number(sgr[1]), Number(sgr[2]), Number(sgr[3]));
    if (event) out.push(event);
  }

  /**
   * Each X10 byte is 32 plus the button code or the 1-based cell. Cells past the 95th are bytes past ASCII, which a
   * UTF-8 reading of the input mangles (one becomes U+FFFD, two may make one character): such a report is dropped.
   */
  private x10Byte(code: number, out: TerminalInput[]): void {
    this.x10.push(code);
    if (this.x10.length < 3) return;
    this.place = 'text';
    const [button = 0, column = 0, row = 0] = this.x10;
    if (this.x10.some((b) => b > 0x7f)) return;
    const event = mouseEventOf(button - 32, column - 32, row - 32);
    if (event) out.push(event);
  }
}
