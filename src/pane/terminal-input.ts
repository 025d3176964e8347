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
 * - Control strings: OSC `ESC ]`, DCS `ESC P`, APC `ESC _`, PM `ESC ^`, SOS `ESC X`, each up to ST (`ESC \`),
 *   an OSC also up to BEL (xterm's form). They are terminals' replies (a colour, a version, a graphics answer)
 *   full of digits; nothing of them is kept, so any length costs nothing. An ESC followed by anything but `\`
 *   ends the string and begins a new sequence, as in xterm; CAN (Ctrl-X) and SUB (Ctrl-Z) abort it, as in a VT
 *   parser. That matters beyond replies: Alt-] or Alt-Shift-P typed by chance sends `ESC ]`/`ESC P`, and the
 *   bar is deaf to digits and `q` until the string ends — the next mouse report or arrow (an ESC), Escape, or
 *   Ctrl-X/Ctrl-Z gives the keys back, and Ctrl-C quits throughout (below).
 * - A bracketed paste, `ESC [ 200 ~` … `ESC [ 201 ~`: the bar never asks for one (mode 2004), but a terminal or
 *   a multiplexer may send one anyway, and pasted text is not key presses — a pasted "8" must not start item 8.
 *   What is between is ignored, escapes included (only how much of the end marker has been seen is kept).
 * - ESC and any other character: an Alt-key, none of the bar's keys.
 * - C0 controls (Ctrl-C among them) are keys wherever they come, as a VT parser executes them inside a sequence
 *   too, leaving the sequence where it was; ESC anywhere begins a new sequence (the unfinished one is dropped).
 *   Inside a control string too, and Ctrl-C alone inside a paste (the rest of a paste is text): a terminal's
 *   reply carries no raw Ctrl-C, nor (xterm filters controls out by default) does a paste, so a Ctrl-C there is
 *   the user's own, and it must quit even if a stray introducer left the decoder inside a string or paste that
 *   never ends. BEL ending an OSC is the string's, not a key.
 * - The 8-bit C1 controls U+0080–U+009F are read as ESC and the 7-bit letter they stand for (0x9B CSI, 0x9D OSC,
 *   0x90 DCS, 0x9E PM, 0x9F APC, 0x98 SOS, 0x9C ST, 0x8F SS3, the others Alt-keys), as ECMA-48 defines them. A
 *   UTF-8 terminal sends them as two bytes, which a UTF-8 reading makes these code points; nobody types them. The
 *   X10 report's raw bytes are the exception: there they are numbers.
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
const BEL = '\u0007';
/** CAN and SUB: a VT parser's way to abort a sequence. */
const ABORTS = new Set(['\u0018', '\u001a']);
/** The letter after ESC that begins each control string; only an OSC may also end with BEL. */
const STRING_INTRODUCERS = new Set([']', 'P', '_', '^', 'X']);
const PASTE_END = '\u001b[201~';
/** The bytes of a CSI kept: any SGR report's (`<`, three numbers and two `;`) fits, with room to spare. */
const MAX_CSI = 32;
const SGR_REPORT = /^<(\d{1,7});(\d{1,7});(\d{1,7})$/;

/** `string-escape`: an ESC inside a control string, which ST (`\`) ends and anything else aborts. */
type Place = 'text' | 'escape' | 'csi' | 'ss3' | 'x10' | 'string' | 'string-escape' | 'paste';

export class TerminalInputDecoder {
  private place: Place = 'text';
  /** The current CSI's bytes after `ESC [`, the first MAX_CSI of them; `overlong` once there were more. */
  private csi = '';
  private overlong = false;
  /** The raw bytes of an X10 report read so far (button, column, row). */
  private x10: number[] = [];
  /** Whether BEL ends the current control string (an OSC). */
  private belEnds = false;
  /** How many characters of PASTE_END the paste's text has just shown. */
  private pasteEndSeen = 0;

  /** What this chunk completes, in order; a sequence it leaves unfinished goes on with the next chunk. */
  feed(chunk: string): TerminalInput[] {
    const out: TerminalInput[] = [];
    for (const ch of chunk) this.step(ch, out);
    return out;
  }

  private step(ch: string, out: TerminalInput[]): void {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x80 && code <= 0x9f && this.place !== 'x10') {
      this.step(ESC, out);
      this.step(String.fromCharCode(code - 0x40), out);
      return;
    }
    if (this.place === 'paste') {
      this.pasteChar(ch, out);
      return;
    }
    if (ch === ESC) {
      this.place = this.place === 'string' ? 'string-escape' : 'escape';
      return;
    }
    if (code < 0x20) {
      this.control(ch, out);
      return;
    }
    switch (this.place) {
      case 'text':
        out.push({ kind: 'key', key: ch });
        return;
      case 'escape':
        this.escaped(ch);
        return;
      case 'string-escape':
        // ST ends the string; anything else aborts it, and is what follows an ESC that begins a new sequence.
        if (ch === '\\') this.place = 'text';
        else this.escaped(ch);
        return;
      case 'string':
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

  /** A C0 control: a key (see the head of the file), except BEL ending an OSC; CAN and SUB abort a string. */
  private control(ch: string, out: TerminalInput[]): void {
    const inString = this.place === 'string' || this.place === 'string-escape';
    if (this.place === 'string' && this.belEnds && ch === BEL) {
      this.place = 'text';
      return;
    }
    if (inString && ABORTS.has(ch)) this.place = 'text';
    out.push({ kind: 'key', key: ch });
  }

  /** The character after an ESC. */
  private escaped(ch: string): void {
    if (ch === '[') this.beginCsi();
    else if (STRING_INTRODUCERS.has(ch)) {
      this.place = 'string';
      this.belEnds = ch === ']';
    } else this.place = ch === 'O' ? 'ss3' : 'text';
  }

  /** A character of a paste: ignored, but for Ctrl-C (a key, see the head of the file) and the end marker. */
  private pasteChar(ch: string, out: TerminalInput[]): void {
    if (ch === PASTE_END[this.pasteEndSeen]) this.pasteEndSeen++;
    // The marker's only ESC is its first character, so a mismatch restarts the match at this character.
    else this.pasteEndSeen = ch === ESC ? 1 : 0;
    if (this.pasteEndSeen === PASTE_END.length) this.place = 'text';
    if (ch === '\u0003') out.push({ kind: 'key', key: ch });
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
    // DEL or a character past ASCII (and past C1, which step() read as ESC) has no place in a CSI: ignored, as a
    // VT parser does; the sequence goes on.
    if (code > 0x7e) return;
    this.place = 'text';
    if (this.overlong) return;
    if (ch === 'M' && this.csi === '') {
      this.place = 'x10';
      this.x10 = [];
      return;
    }
    if (ch === '~' && this.csi === '200') {
      this.place = 'paste';
      this.pasteEndSeen = 0;
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
