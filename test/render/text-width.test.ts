import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/render/text-width.js';

describe('textWidth', () => {
  it('agrees with string-width on what a bar shows', () => {
    const samples = [
      'CPU: 95%', '', ' ', '∑DOWN: 3.0 GiB', '↓ 1.2 MiB/s', '╭──╮', '│', '⢈ ⢐ ⢠', '● · ■ □', '░▌',
      '\uf240', '\ue0b6', '\uf4bc CPU', '漢字', 'Ｆｕｌｌ', '日本語のタイトル — Firefox', 'café', 'e\u0301', '👍', '🦊 Firefox',
      'a\u200bb', '☾', '◷ 10:05:03', 'Sun  8 September 2024', '\u2699\ufe0f', 'Ωμέγα', 'Привет', 'עברית', '한국어',
    ];
    for (const s of samples) expect(textWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
  });
});

describe('the string-width Ink is bundled with (src/pane/ink/string-width.ts)', () => {
  it('is the bar’s own width, escape sequences counting for nothing, as string-width counts them', async () => {
    const { default: shim } = await import('../../src/pane/ink/string-width.js');
    for (const s of ['CPU: 95%', '\x1b[1;31mred\x1b[0m', '\x1b]8;;https://x\x07link\x1b]8;;\x07', '漢字 \x1b[2m·\x1b[22m 👍', '╭──╮']) {
      expect(shim(s), JSON.stringify(s)).toBe(stringWidth(s));
    }
    expect(shim('\x1b[1mab\x1b[0m', { countAnsiEscapeCodes: true })).toBe(stringWidth('\x1b[1mab\x1b[0m', { countAnsiEscapeCodes: true }));
    expect(shim(undefined)).toBe(0);
  });

  it('is what the bundle gives Ink: no string-width package is in it', async () => {
    const { readFileSync } = await import('node:fs');
    const meta = JSON.parse(readFileSync('dist/bundle-meta.json', 'utf8')) as { inputs: Record<string, unknown> };
    expect(Object.keys(meta.inputs).filter((f) => f.includes('node_modules/string-width/'))).toEqual([]);
    expect(Object.keys(meta.inputs)).toContain('src/pane/ink/string-width.ts');
  });
});
