/**
 * The README's pictures of the host bars are pictures of a whole bar (the example config in each real host, made by
 * `npm run screenshots`), not a test's crop of a few glyphs: each is a PNG at least as wide as a narrow real bar.
 * The screenshot run itself is not part of `npm test` (it takes real hosts, a real player and a loaded CPU); this
 * only reads what was committed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HOSTS = ['tmux', 'i3bar', 'swaybar', 'waybar', 'polybar'] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The width and height a PNG's header (IHDR, the first chunk) declares; undefined for what is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the README's pictures of the host bars", () => {
  it.each(HOSTS)('docs/feeds/%s.png is a PNG of a whole bar: at least 600 pixels wide', (host) => {
    const size = pngSize(readFileSync(join(process.cwd(), 'docs', 'feeds', `${host}.png`)));
    expect(size, `docs/feeds/${host}.png is not a PNG`).toBeDefined();
    expect(size?.width, `docs/feeds/${host}.png is ${size?.width}×${size?.height}: a crop, not a bar (run npm run screenshots)`).toBeGreaterThanOrEqual(600);
    expect(size?.height).toBeGreaterThanOrEqual(16);
  });

  it('are made by the screenshot run of the example bar, not by the hostile-name tests', () => {
    const { scripts } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // `screenshots` brings a supported Node and runs `screenshots:here` on it.
    expect(scripts.screenshots).toContain('screenshots:here');
    const script = scripts['screenshots:here'] ?? '';
    expect(script).not.toMatch(/-real\.test/);
    expect(script).toContain('vitest.screenshots.config.ts');
    for (const test of ['i3bar-real', 'polybar-real', 'waybar-real', 'tmux-real'])
      expect(readFileSync(join(process.cwd(), 'test', 'feeds', `${test}.test.ts`), 'utf8'), `${test} still writes a picture`).not.toMatch(/save(Screenshot|TerminalPicture)\(/);
  });
});
