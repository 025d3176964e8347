import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/config/problem.js';
import { errors, load, model } from '../helpers.js';

describe('reading JSONC', () => {
  it('accepts comments, trailing commas, CRLF, tabs and a BOM', () => {
    const text =
      '\uFEFF// my bar\r\n{\r\n\t/* widgets */\r\n\t"left_widgets": [],\r\n\t"right_widgets": [\r\n\t\t{ "Cpu": { "enable": true, }, },\r\n\t],\r\n\t"height": 30, // rows\r\n}\r\n';
    const m = model(load(text));
    expect(m.height).toBe(30);
    expect(m.right.map((w) => w.kind)).toEqual(['Cpu']);
  });

  it('locates problems by line and column with CRLF, tabs and a BOM', () => {
    const text = '\uFEFF{\r\n\t"left_widgets": [],\r\n\t"right_widgets": [],\r\n\t"height": "tall"\r\n}';
    const p = errors(load(text))[0];
    expect(p).toMatchObject({ line: 4, col: 12, path: 'height', message: 'expected a number 0–10000, found "tall"' });
  });

  it('reports a syntax error with file:line:col and a caret excerpt', () => {
    const r = load('{\n  "left_widgets": [],\n  "right_widgets": [] \n  "height": 30\n}');
    const [p] = errors(r);
    expect(p).toBeDefined();
    expect(formatProblem('bar.json', p!)).toMatch(/^bar\.json:4:3: error: syntax error: comma expected/);
    expect(r.source.excerpt(p!)).toBe('4 |   "height": 30\n  |   ^');
    expect(r.model).toBeUndefined();
  });

  it('explains a document that lacks its opening brace', () => {
    const r = load('  "left_widgets": [],\n  "right_widgets": []\n}');
    const [p] = errors(r);
    expect(p?.message).toBe('syntax error: end of file expected');
    expect(p?.hint).toMatch(/opening "\{" missing/);
  });

  it('says an empty file is empty', () => {
    expect(errors(load('  // nothing\n'))[0]?.message).toMatch(/the file is empty/);
  });
});
