/** The README's picture is what tilebar's command draws today: made again here, it must be the committed bytes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script (scripts/ is not TypeScript).
import { PICTURE_ARGS, makePicture } from '../../scripts/picture.mjs';

describe('the README picture', () => {
  it('is current: docs/bar.png is what `npm run picture` makes now', { timeout: 30_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-picture-'));
    try {
      const fresh = join(dir, 'bar.png');
      (makePicture as (output: string) => void)(fresh);
      const same = Buffer.compare(readFileSync(fresh), readFileSync(join(process.cwd(), 'docs', 'bar.png'))) === 0;
      expect(same, 'docs/bar.png is stale: run `npm run picture` and commit it').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is shown in the README with the command that makes it', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    expect(readme).toContain('![');
    expect(readme).toContain('(docs/bar.png)');
    const shown = /```sh\n(tilebar preview --config config\.example\.json[^`]*?)\n```/.exec(readme)?.[1]?.replace(/\\\n\s*/g, ' ').replace(/\s+/g, ' ');
    const args = (PICTURE_ARGS as string[]).map((a) => (/[\s'"]/.test(a) ? `'${a}'` : a)).join(' ');
    expect(shown).toBe(`tilebar ${args} > docs/bar.png`);
  });
});
