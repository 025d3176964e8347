/**
 * Hostile text through each host's escaping (issue 25): whatever a title, a song or a name holds, the host's own
 * markup parser — modelled here as each host reads it — sees no tag, style, command or format that tilebar did
 * not write, and the text a user reads is the text that came in (less control characters).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pangoText, polybarText, tmuxText } from '../../src/feeds/escape.js';
import { displayText } from '../../src/text/safe-text.js';

/** Strings made of the characters each markup cares about, and whatever else fast-check finds. */
const hostile = fc.oneof(
  fc.string({ unit: fc.constantFrom('<', '>', '&', ';', '/', 'b', 'span', '"', "'", '#', '[', ']', '(', ')', '{', '}', '%', 'A', '1', ':', ' ', '\n', 'é', '語'), maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('</span><b>', '%{A1:rm -rf ~:}x%{A}', '#(reboot)', '#[fg=red]', '#{pane_title}', '%%{F#f00}', '&amp;', '<span foreground="red">'),
);

/** Pango: the text with entities decoded; fails on anything a markup parser would read as a tag's start. */
function pangoRead(markup: string): string {
  if (markup.includes('<')) throw new Error(`a tag in ${JSON.stringify(markup)}`);
  if (/&(?!amp;|lt;|gt;|#39;|quot;)/.test(markup)) throw new Error(`a bare & in ${JSON.stringify(markup)}`);
  return markup.replace(/&(amp|lt|gt|#39|quot);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', '#39': "'", quot: '"' })[e] ?? '');
}

/** tmux's format_draw: `##` is a `#`; any other `#` followed by `[`, `(` or `{` is a style, a job or a format. */
function tmuxRead(format: string): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '#') {
      const next = format[i + 1];
      if (next === '#') {
        out += '#';
        i++;
        continue;
      }
      if (next === '[' || next === '(' || next === '{') throw new Error(`#${next} in ${JSON.stringify(format)}`);
    }
    out += c;
  }
  return out;
}

/** Polybar's tag parser: `%{` opens a tag; a newer one also reads `%%` as `%`. */
function polybarRead(text: string, doublePercent: boolean): string {
  if (text.includes('%{')) throw new Error(`a tag in ${JSON.stringify(text)}`);
  return (doublePercent ? text.replaceAll('%%', '%') : text).replaceAll('\u200b', '');
}

describe('escaping for each host', () => {
  it('pango sees no tag and reads the text back', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(pangoRead(pangoText(s))).toBe(displayText(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("tmux's formats see no style, job or format and read the text back", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(tmuxRead(tmuxText(s))).toBe(displayText(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('Polybar sees no tag, old or new, and reads the text back', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const escaped = polybarText(s);
        expect(polybarRead(escaped, false)).toBe(displayText(s));
        // A newer Polybar reads `%%` as `%`: the escape leaves no `%%` to read.
        expect(escaped.includes('%%')).toBe(false);
        expect(polybarRead(escaped, true)).toBe(displayText(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('never lets a newline end a line early', () => {
    fc.assert(fc.property(hostile, (s) => [pangoText(s), tmuxText(s), polybarText(s)].every((t) => !/[\n\r]/.test(t))), { numRuns: 500 });
  });

  it('the examples of the issue are text', () => {
    expect(pangoText('</span><b>')).toBe('&lt;/span&gt;&lt;b&gt;');
    expect(tmuxText('#(reboot)')).toBe('##(reboot)');
    expect(polybarText('%{A1:rm -rf ~:}')).toBe('%\u200b{A1:rm -rf ~:}');
  });
});
