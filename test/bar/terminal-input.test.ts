/** The terminal's input as one stream: keys and mouse reports, however the reads cut it (terminal-input.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TerminalInputDecoder, type TerminalInput } from '../../src/bar/terminal-input.js';

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

  it('gives the same events however the stream is cut', () => {
    const piece = fc.oneof(
      fc.constantFrom('1', 'q', 'x', '\x03', '\x1b[A', '\x1bOP', '\x1b7', '\x1b[[B', `\x1b[${'9'.repeat(80)}~`),
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
        expect(keys(stream)).toEqual(pieces.filter((p) => !p.startsWith('\x1b')));
      }),
      { numRuns: 300 },
    );
  });
});
