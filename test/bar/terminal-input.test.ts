/** The terminal's input as one stream: keys and mouse reports, however the reads cut it (terminal-input.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TerminalInputDecoder, type TerminalInput } from '../../src/pane/terminal-input.js';
import { CONTROL_STRINGS } from './control-strings.js';

/** Everything the chunks complete, fed in order to one decoder. */
const decode = (...chunks: string[]): TerminalInput[] => {
  const d = new TerminalInputDecoder();
  return chunks.flatMap((c) => d.feed(c));
};
const keys = (...chunks: string[]) => decode(...chunks).flatMap((e) => (e.kind === 'key' ? [e.key] : []));

describe('the terminal input decoder', () => {
  it('keeps a report cut between two reads whole (`ESC[<35;5`, then `;1M`): a hover, no keys', () => {
    expect(decode('\x1b[<35;5', ';1M')).toEqual([{ kind: 'move', x: 4, y: 0 }]);
  });

  it('reads keys outside sequences, Ctrl-C even inside one, and no byte of a sequence', () => {
    expect(keys('1q\x03')).toEqual(['1', 'q', '\x03']);
    // Arrows (CSI, SS3), F1, the Linux console's F1, F5, Alt-digits, a modified arrow, an X10 report with digits.
    expect(keys('\x1b[A', '\x1bOA\x1bOP\x1b[[A\x1b[15~\x1b5\x1b[1;5C\x1b[M 45')).toEqual([]);
    expect(keys('\x1b[<35;', '\x03', '5;1M7')).toEqual(['\x03', '7']);
  });

  it('keeps only a bounded prefix of a very long CSI, and reads none of it as keys', () => {
    const d = new TerminalInputDecoder();
    const out = [d.feed('\x1b['), ...Array.from({ length: 1000 }, () => d.feed('1;'.repeat(500))), d.feed('~9')].flat();
    expect(out).toEqual([{ kind: 'key', key: '9' }]);
    // Nor does a very long SGR-like report count as a click.
    expect(decode(`\x1b[<0;${'1'.repeat(100)};1M`)).toEqual([]);
  });

  it('decodes legacy X10 reports (`ESC [ M` and three bytes), whose bytes can be digits', () => {
    // Left press at column 20 ('4' is 32 + 20), release (button 3), wheel down, a hover at column 17 ('1').
    expect(decode('\x1b[M 4!\x1b[M#4!\x1b[Ma4!\x1b[MC1!')).toEqual([
      { kind: 'press', button: 'left', x: 19, y: 0 },
      { kind: 'wheel', direction: 'down', x: 19, y: 0 },
      { kind: 'move', x: 16, y: 0 },
    ]);
  });

  it('waits for what follows a lone ESC at the end of a read, however late, rather than reading it as a key', () => {
    expect(decode('\x1b', '[<0;3;1M')).toEqual([{ kind: 'press', button: 'left', x: 2, y: 0 }]);
    // Escape, then a digit, is Alt and the digit: not a key of the bar's.
    expect(keys('\x1b', '4')).toEqual([]);
    // ESC inside an unfinished sequence begins a new one.
    expect(keys('\x1b[<0;3', '\x1b[<35;1;1M2')).toEqual(['2']);
  });

  it.each(CONTROL_STRINGS)('reads no key in %s', (_, chunks) => {
    expect(decode(...chunks)).toEqual([]);
    // Keys after it are read again.
    expect(keys(...chunks, '7q')).toEqual(['7', 'q']);
  });

  it('consumes control strings of any length, cut at any byte, keeping nothing of them', () => {
    for (const intro of ['\x1b]', '\x1bP', '\x1b_', '\x1b^', '\x1bX']) {
      const d = new TerminalInputDecoder();
      const out = [d.feed(intro), ...Array.from({ length: 1000 }, () => d.feed('12;'.repeat(500))), d.feed('3\x1b'), d.feed('\\4')].flat();
      expect(out).toEqual([{ kind: 'key', key: '4' }]);
    }
    // BEL ends only an OSC (xterm's form); in a DCS it is data, and the digits after it are still the string's.
    expect(keys('\x1bP1\x075\x1b\\6')).toEqual(['\x07', '6']);
    // A PM and a SOS, and strings cut right after their introducer and inside their ST.
    expect(keys('\x1b^1\x1b\\\x1bX2\x1b', '\\', '\x1b', ']3', '\x07')).toEqual([]);
  });

  it('ends a string at an ESC not followed by `\\`, which starts a new sequence; CAN and SUB abort it', () => {
    // xterm: ESC aborts the string; here it begins a mouse report, and the key after it is read.
    expect(decode('\x1b]11;12', '\x1b[<0;3;1M5')).toEqual([{ kind: 'press', button: 'left', x: 2, y: 0 }, { kind: 'key', key: '5' }]);
    expect(keys('\x1bP12\x1b', '7')).toEqual([]);
    expect(keys('\x1b]12\x1b\x1b', '[A8')).toEqual(['8']);
    // CAN (Ctrl-X) and SUB (Ctrl-Z) abort a string, as a VT parser does: a user who typed Alt-] has keys back.
    expect(keys('\x1b]12\x183\x1b_4\x1a5')).toEqual(['\x18', '3', '\x1a', '5']);
    // Ctrl-C inside a string or a paste is still a key (it quits), and the string goes on.
    expect(keys('\x1b]1\x032\x07', '\x1b[200~3\x034\x1b[201~5')).toEqual(['\x03', '\x03', '5']);
  });

  it('ignores what a bracketed paste carries, escapes included, up to its end, however cut', () => {
    expect(keys('\x1b[200~12\x1b[A\x1b[20', '0~3\x1b[201', '~4')).toEqual(['4']);
    expect(decode('\x1b[200~\x1b[<0;3;1M\x1b[201~')).toEqual([]);
    const d = new TerminalInputDecoder();
    const out = [d.feed('\x1b[200~'), ...Array.from({ length: 1000 }, () => d.feed('9\x1b[201'.repeat(200))), d.feed('\x1b[201~1')].flat();
    expect(out).toEqual([{ kind: 'key', key: '1' }]);
  });

  it('reads the 8-bit C1 introducers (U+0080–U+009F, as a UTF-8 terminal sends them) as ESC and their 7-bit letter', () => {
    expect(decode('\u009b<0;3;1M')).toEqual([{ kind: 'press', button: 'left', x: 2, y: 0 }]);
    expect(keys('\u009d11;rgb:1/2/3\u009c', '\u009011\u009c\u009f22\u009c\u009e3\u009c\u00984\u009c\u008fP5')).toEqual(['5']);
    expect(keys('\u009b200~6\u009b201~7')).toEqual(['7']);
  });

  it('gives the same events however the stream is cut', () => {
    const piece = fc.oneof(
      fc.constantFrom('1', 'q', 'x', '\x03', '\x1b[A', '\x1bOP', '\x1b7', '\x1b[[B', `\x1b[${'9'.repeat(80)}~`),
      // Control strings with digits (OSC ended by BEL or ST, DCS, APC, PM, SOS, 8-bit ones) and pastes of digits.
      fc.tuple(fc.constantFrom('\x1b]', '\x1bP', '\x1b_', '\x1b^', '\x1bX', '\u009d', '\u0090'), fc.stringMatching(/^[0-9;:a-z/ ]{0,40}$/), fc.constantFrom('\x1b\\', '\u009c')).map(([a, b, c]) => a + b + c),
      fc.stringMatching(/^[0-9;:a-z/ ]{0,40}$/).map((text) => `\x1b]11;${text}\x07`),
      fc.stringMatching(/^[0-9q\x1b[;~]{0,40}$/).filter((text) => !`${text}\x1b[201~`.slice(0, -1).includes('\x1b[201~')).map((text) => `\x1b[200~${text}\x1b[201~`),
      fc.tuple(fc.constantFrom(0, 1, 2, 35, 64, 65, 128), fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 99 }), fc.constantFrom('M', 'm')).map(([b, x, y, f]) => `\x1b[<${b};${x};${y}${f}`),
      fc.tuple(fc.constantFrom(0, 2, 3, 35, 64), fc.integer({ min: 1, max: 94 })).map(([b, x]) => `\x1b[M${String.fromCharCode(32 + b, 32 + x, 33)}`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (pieces, at) => {
        const stream = pieces.join('');
        const cuts = [...new Set(at.map((n) => n % (stream.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...cuts].map((from, i) => stream.slice(from, [...cuts, stream.length][i]));
        expect(decode(...chunks)).toEqual(decode(stream));
        // Keys are exactly the pieces that are keys (no digit of a report among them).
        expect(keys(stream)).toEqual(pieces.filter((p) => !/^[\x1b\u0090\u009d]/.test(p)));
      }),
      { numRuns: 300 },
    );
  });
});
