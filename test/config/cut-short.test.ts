/** A config's text cut short, as a file being written shows it (config/cut-short.ts; issue 43). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksCutShort } from '../../src/config/cut-short.js';

const example = readFileSync(join(process.cwd(), 'config.example.json'), 'utf8');

describe('looksCutShort', () => {
  it('is true of the example config cut anywhere before its last brace, and false of it whole', () => {
    const last = example.lastIndexOf('}');
    for (let at = 0; at <= last; at++) expect(looksCutShort(example.slice(0, at)), `cut at ${at}`).toBe(true);
    expect(looksCutShort(example)).toBe(false);
    expect(looksCutShort(example.slice(0, last + 1))).toBe(false);
  });

  it('is true of nothing, white space, a BOM, an open string or block comment; false of whole texts, wrong ones included', () => {
    for (const cut of ['', '/', ' \n\t', '\ufeff', '{"a": "b\\"', '{ /* no end', '[1, 2', '{"a": {}']) expect(looksCutShort(cut), JSON.stringify(cut)).toBe(true);
    for (const whole of ['{}', 'null', '5', '{ } }', '{"a": "}{"}', '// a comment\n{}', '{} // the end', '{"a": 1} /* c */', '"text"']) {
      expect(looksCutShort(whole), JSON.stringify(whole)).toBe(false);
    }
  });
});
