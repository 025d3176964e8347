/** The README's picture is what tilebar's command draws today: made again here, it must be the committed bytes. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script (scripts/ is not TypeScript).
import { PICTURE_ARGS, makePicture } from '../../scripts/picture.mjs';

describe('the README picture', () => {
  it('is current: docs/bar.png is what `npm run picture` makes now', () => {
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

describe('the README’s links', () => {
  it('point at files in the repository and at its own headings, and at nothing outside it but web pages', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const slug = (h: string) => h.toLowerCase().replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-');
    const headings = new Set([...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => slug(m[1] ?? '')));
    const targets = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] ?? '');
    expect(targets.length).toBeGreaterThan(15);
    for (const t of targets) {
      if (t.startsWith('#')) expect(headings, t).toContain(t.slice(1));
      else if (!/^https:\/\//.test(t)) expect(existsSync(join(process.cwd(), t)), t).toBe(true);
    }
    // Nothing a reader of the repository cannot open.
    expect(readme).not.toMatch(/\.\.\/shared|BEHAVIOUR\.md|FORMAT-KEYS|PLATFORM-SOURCES|INK-LIVE|the spec\b|the issue/i);
  });
});
