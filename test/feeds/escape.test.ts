/**
 * Hostile text through each host's escaping (issue 25): whatever a title, a song or a name holds, the host's own
 * markup parser — modelled here as each host reads it — sees no tag, style, command or format that tilebar did
 * not write, and the text a user reads is the text that came in (less control characters).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedBlock } from '../../src/feeds/blocks.js';
import { pangoText, polybarText, tmuxText } from '../../src/feeds/escape.js';
import { polybarLine } from '../../src/feeds/polybar.js';
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

type PolybarElement = { tag: string } | { text: string };

/**
 * Polybar's tag parser as Debian's 3.6.3 and its master alike have it (src/tags/parser.cpp, `parse_step`): a `%`
 * directly followed by `{` opens a tag that runs to its `}`; every other `%` is text, `%%` included (two `%`s:
 * Polybar has no `%%` escape; the lemonbar rule of the pull request polybar#2748 is not Polybar's).
 */
function polybarParse(line: string): PolybarElement[] {
  const out: PolybarElement[] = [];
  let text = '';
  const endText = () => {
    if (text !== '') out.push({ text });
    text = '';
  };
  for (let i = 0; i < line.length; i++) {
    if (line.startsWith('%{', i)) {
      const end = line.indexOf('}', i);
      if (end < 0) throw new Error(`an unclosed tag in ${JSON.stringify(line)}`);
      endText();
      out.push({ tag: line.slice(i + 2, end) });
      i = end;
    } else text += line[i];
  }
  endText();
  return out;
}

/**
 * What Polybar draws of the elements: a foreground tag that sets the foreground it already has changes nothing
 * (the tag escape.ts puts in a `%{` of a text), and texts either side of it are one text.
 */
function polybarDrawn(elements: readonly PolybarElement[]): PolybarElement[] {
  const out: PolybarElement[] = [];
  let fg: string | undefined;
  for (const e of elements) {
    const last = out.at(-1);
    if ('tag' in e && e.tag.startsWith('F')) {
      if (e.tag === fg) continue;
      fg = e.tag;
    }
    if ('text' in e && last && 'text' in last) last.text += e.text;
    else out.push({ ...e });
  }
  return out;
}

/** The tag of no effect the tests give polybarText (the foreground Polybar has by default). */
const NO_OP = '%{F-}';

/** Escaped text alone through Polybar's parser: the text shown; fails on any tag in it but the one of no effect. */
function polybarRead(text: string): string {
  const elements = polybarDrawn([{ tag: 'F-' }, ...polybarParse(text)]).slice(1);
  const tag = elements.find((e) => 'tag' in e);
  if (tag) throw new Error(`a tag in ${JSON.stringify(text)}: ${JSON.stringify(tag)}`);
  return elements.map((e) => ('text' in e ? e.text : '')).join('');
}

/** A left block of runs as the feed gives Polybar, and the elements Polybar must draw from its line (after the left's alignment tag). */
function polybarBlock(texts: readonly string[]): { line: string; expected: PolybarElement[] } {
  const runs = texts.map((text, i) => ({ text, fg: i % 2 === 0 ? ('#ff0000' as const) : undefined, bg: '#000000' as const }));
  const block: FeedBlock = { section: 'left', name: 'Applications', widget: 'left[0]', instance: 'l', unit: 'l', runs, state: 'normal' };
  const expected = runs.flatMap((r): PolybarElement[] => {
    const shown = displayText(r.text);
    return [{ tag: `F${r.fg ?? '-'}` }, { tag: `B${r.bg}` }, ...(shown === '' ? [] : [{ text: shown }])];
  });
  return { line: polybarLine([block], 0), expected: polybarDrawn([{ tag: 'l' }, ...expected, { tag: 'F-' }, { tag: 'B-' }]) };
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

  it('Polybar sees no tag and reads the text back, with nothing added to it', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const escaped = polybarText(s, NO_OP);
        expect(polybarRead(escaped)).toBe(displayText(s));
        expect(escaped.replaceAll(NO_OP, '')).toBe(displayText(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("Polybar reads a feed's line as tilebar's tags and the texts, whatever a text ends with", () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 3 }), (texts) => {
        const { line, expected } = polybarBlock(texts);
        expect(polybarDrawn(polybarParse(line))).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("a name ending in %, or %%, is shown as it is, with no zero-width space (issue 43: Polybar logs each it cannot draw)", () => {
    for (const name of ['50%', '%%', '100 %%', '%', 'CPU: 95%']) {
      const { line, expected } = polybarBlock([name]);
      expect(polybarDrawn(polybarParse(line))).toEqual(expected);
      expect(line).not.toContain('\u200b');
    }
    expect(polybarText('50%', NO_OP)).toBe('50%');
    expect(polybarText('%%', NO_OP)).toBe('%%');
  });

  it('never lets a newline end a line early', () => {
    fc.assert(fc.property(hostile, (s) => [pangoText(s), tmuxText(s), polybarText(s, NO_OP)].every((t) => !/[\n\r]/.test(t))), { numRuns: 500 });
  });

  it('the examples of the issue are text', () => {
    expect(pangoText('</span><b>')).toBe('&lt;/span&gt;&lt;b&gt;');
    expect(tmuxText('#(reboot)')).toBe('##(reboot)');
    expect(polybarText('%{A1:rm -rf ~:}', NO_OP)).toBe('%%{F-}{A1:rm -rf ~:}');
  });
});
