/**
 * Documents that crashed or stalled `tilebar check` before, each now a located problem. How long they take is
 * a figure in bench/ (bench/check-hostile.mjs), never asserted here: a test does not depend on the machine.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH } from '../../src/config/load.js';
import { formatProblem } from '../../src/config/problem.js';
import { at, bar, errors, load, model, warnings } from '../helpers.js';

describe('hostile config documents', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])('reads a key named %s as an unknown key, at any level', (key) => {
    const text = `{"left_widgets": [{"Cpu": {"enable": true, "${key}": 1}}], "right_widgets": [], "${key}": {"a": 1}, "theme": {"palette": "Base16", "name": "Ashes", "${key}": 2}}`;
    const r = load(text);
    expect(model(r).left).toHaveLength(1);
    expect(warnings(r).map((p) => p.message)).toEqual([`unknown key "${key}" (ignored)`, `unknown key "${key}" (ignored)`, `unknown key "${key}" (ignored)`]);
  });

  it.each(['constructor', 'toString', '__proto__'])('says a widget named %s is not a widget kind', (kind) => {
    const r = load(`{"left_widgets": [{"${kind}": {}}], "right_widgets": []}`);
    expect(errors(r)).toHaveLength(1);
    expect(at(r, `left_widgets[0].${kind}`).message).toBe(`"${kind}" is not a widget kind`);
  });

  it('keeps a modifier named __proto__ as data, never as a prototype', () => {
    const r = load(bar([{ Date: { enable: true, format: { CustomModifiers: { format: '%U', modifiers: { ['__proto__']: 1 } } } } }]));
    const w = warnings(r).find((p) => p.path.includes('modifiers'));
    expect(w?.message).toBe('"__proto__" has no effect: modifiers apply to integer specifiers');
  });

  it('says an object where a palette name goes is not one', () => {
    const r = load('{"left_widgets": [], "right_widgets": [], "theme": {"palette": {}}}');
    expect(at(r, 'theme.palette')).toMatchObject({ line: 1, col: 64, message: 'expected a "palette" name, found an empty object' });
  });

  it.each([
    ['objects', (n: number) => `${'{"a": '.repeat(n)}1${'}'.repeat(n)}`],
    ['arrays', (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`],
  ])('stops at nesting deeper than the limit (%s), at the bracket that goes too deep, even under an unknown key', (_, nest) => {
    const text = `{\n  "left_widgets": [],\n  "right_widgets": [],\n  "x": ${nest(10_000)}\n}`;
    const r = load(text);
    expect(errors(r)).toHaveLength(1);
    const p = errors(r)[0];
    expect(p?.message).toBe(`objects and arrays nested more than ${MAX_CONFIG_DEPTH} deep`);
    expect(p?.line).toBe(4);
    // The first bracket past the limit: the document's own brace is level 1.
    const opener = nest(1).length - (nest(1).endsWith('}') ? 2 : 1);
    expect(p?.col).toBe(8 + (MAX_CONFIG_DEPTH - 1) * Math.max(1, opener));
    // Nesting within the limit is read as usual (an unknown key's value is ignored).
    expect(model(load(`{"left_widgets": [], "right_widgets": [], "x": ${nest(MAX_CONFIG_DEPTH - 1)}}`))).toBeTruthy();
  });

  it('answers an unknown 1 MB theme name quoting it shortened', () => {
    const name = 'x'.repeat(MAX_CONFIG_BYTES - 200);
    const r = load(`{"left_widgets": [], "right_widgets": [], "theme": {"palette": "Base16", "name": "${name}"}}`);
    const p = at(r, 'theme.name');
    expect(p.message).toBe(`"${'x'.repeat(48)}…" (${name.length} characters) is not a Base16 palette name`);
    expect(formatProblem('bar.json', p).length).toBeLessThan(400);
  });

  it('rejects a document over the size limit ', () => {
    const r = load(`{"left_widgets": [], "right_widgets": [], "x": "${'y'.repeat(5_000_000)}"}`);
    expect(errors(r)[0]).toMatchObject({ line: 1, col: 1, message: 'the document is 4.8 MiB; a bar config is at most 1.0 MiB' });
  });

  it('shows a long line as a window around the problem, with control characters replaced', () => {
    const r = load(`{"left_widgets": [], "right_widgets": [], "pad": "${'p'.repeat(5000)}\\u001b[2J", "height": -1}`);
    const p = at(r, 'height');
    const excerpt = r.source.excerpt(p);
    expect(excerpt.split('\n')[0]?.length).toBeLessThan(140);
    expect(excerpt).toContain('"height": -1}');
    // The caret sits under the value.
    const [line, caret] = excerpt.split('\n');
    expect(line?.[caret?.indexOf('^') ?? 0]).toBe('-');
  });

  it.each([
    ['font_size', 0, 'expected a number 1–1000, found 0'],
    ['font_size', '1e-400', 'expected a number 1–1000, found 0'],
    ['height', '1e308', 'expected a number 0–10000, found 1e+308'],
    ['height', '1e400', 'expected a number 0–10000, found a number too large to represent'],
    ['widget_spacing', 1e9, 'expected a number 0–10000, found 1000000000'],
    ['max_label_width', -1, 'expected a number 0–10000, found -1'],
    ['padding', 1e12, 'expected a number -10000–10000, found 1000000000000'],
  ])('rejects %s %s, a size no terminal can draw', (key, value, message) => {
    const r = load(`{"left_widgets": [], "right_widgets": [], "${key}": ${value}}`);
    expect(at(r, key).message).toBe(message);
  });

  it('rejects an activity padding wider than a row and a strftime field width of megabytes', () => {
    const r = load(bar([{ Network: { enable: true, show_activity: true, show_total_activity: false, activity_left_padding: 1e15 } }, { Time: { enable: true, format: { Custom: '%999999999999H' } } }]));
    expect(at(r, 'right_widgets[0].Network.activity_left_padding').message).toBe('expected an integer 0–1000, found 1000000000000000');
    expect(at(r, 'right_widgets[1].Time.format.Custom').message).toBe('the field width of "%999999999999H" is more than 32');
  });

  it('rejects more widgets than a row can hold, without walking each', () => {
    const many = Array.from({ length: 5000 }, () => ({ Cpu: { enable: true } }));
    const r = load(bar(many));
    expect(at(r, 'right_widgets').message).toBe('expected at most 256 items, found 5000');
  });
});
