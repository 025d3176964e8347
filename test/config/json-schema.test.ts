import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/config/fix.js';
import { barJsonSchema } from '../../src/config/json-schema.js';
import { loadConfigText } from '../../src/config/load.js';

const FIXTURES = join(process.cwd(), '..', 'shared', 'fixtures', 'real-configs');

function validator(variant: 'A' | 'B') {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(barJsonSchema(variant, BUILTIN_WIDGETS));
}

describe('tilebar schema (JSON Schema 2020-12)', () => {
  const validateA = validator('A');
  const validateB = validator('B');

  it('is a valid 2020-12 schema that accepts the example config', () => {
    const example = parse(readFileSync('config.example.json', 'utf8'));
    expect(validateA(example), JSON.stringify(validateA.errors)).toBe(true);
    expect(barJsonSchema('A', BUILTIN_WIDGETS).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('rejects what tilebar check rejects', () => {
    const bad = [
      { left_widgets: [] },
      { left_widgets: [], right_widgets: [{ Cpu: { enable: true, auto_select_over: 300 } }] },
      { left_widgets: [], right_widgets: [{ Cpu: {} }] },
      { left_widgets: [], right_widgets: [{ Clock: { enable: true } }] },
      { left_widgets: [], right_widgets: [], theme: { palette: 'Base16', name: 'Gruvbox-Dark-Medium' } },
      { left_widgets: [], right_widgets: [], grouping: { kind: 'Widget', rounding: [1, 2, 3] } },
      { left_widgets: [], right_widgets: [], mouse: { on_scroll_up: { message: { type: 'FocusWorkspaceNumber', content: 'one' } } } },
    ];
    for (const doc of bad) expect(validateA(doc), JSON.stringify(doc)).toBe(false);
  });

  it('knows the variants apart', () => {
    const keyboard = { left_widgets: [{ Keyboard: { enable: true } }], right_widgets: [] };
    expect(validateA(keyboard)).toBe(true);
    expect(validateB(keyboard)).toBe(false);
    expect(validateB({ left_widgets: [], right_widgets: [], mouse: {} })).toBe(false);
  });

  it('accepts real and neutral names alike', () => {
    for (const name of ['Github', 'Forge', 'Windows10', 'Os10', 'CatppuccinMocha', 'PastelMocha']) {
      expect(validateA({ left_widgets: [], right_widgets: [], theme: { palette: 'Base16', name } })).toBe(true);
    }
    expect(validateA({ left_widgets: [{ Komorebi: {} }, { Tiler: {} }], right_widgets: [], theme: { palette: 'Pastel', name: 'Frappe' } })).toBe(true);
  });

  it.skipIf(!existsSync(FIXTURES))('agrees with tilebar check on the public real configs, once old names are fixed', () => {
    let validated = 0;
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(FIXTURES, file), 'utf8');
      const first = loadConfigText(text, file, { kinds: BUILTIN_WIDGETS });
      const fixed = applyFixes(text, first.problems).text;
      const result = loadConfigText(fixed, file, { kinds: BUILTIN_WIDGETS });
      const syntaxBroken = result.problems.some((p) => p.message.startsWith('syntax error'));
      if (syntaxBroken) continue;
      const validate = result.variant === 'A' ? validateA : validateB;
      const valid = validate(parse(fixed));
      const unknownKeys = result.problems.some((p) => p.severity === 'warning' && /^unknown key|is not read by the bar|missing$|given twice/.test(p.message));
      if (result.model && !unknownKeys) {
        expect(valid, `${file}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        validated++;
      } else {
        expect(valid, `${file} should be invalid`).toBe(false);
      }
    }
    expect(validated).toBeGreaterThanOrEqual(90);
  });
});
