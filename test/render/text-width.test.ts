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
