/**
 * What `tilebar run` loads before its first frame, read from the bundler's metafile (dist/bundle-meta.json,
 * written by `npm run build`). Loading a module costs start-up time and memory for as long as the bar
 * runs: the schemas and validator (zod) are needed only when a config has to be validated, and Ink, React,
 * systeminformation and chokidar either never (Linux) or only after the first frame.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Meta {
  outputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }>; inputs: Record<string, unknown> }>;
}
const meta = JSON.parse(readFileSync(join(process.cwd(), 'dist', 'bundle-meta.json'), 'utf8')) as Meta;

/** Every source file in the chunks statically imported by the chunks holding `entries` (loaded as soon as they are). */
function loadedWith(...entries: string[]): string[] {
  const chunks = new Set<string>();
  const visit = (chunk: string) => {
    if (chunks.has(chunk)) return;
    chunks.add(chunk);
    for (const im of meta.outputs[chunk]?.imports ?? []) if (im.kind === 'import-statement' && !im.external) visit(im.path);
  };
  for (const entry of entries) {
    const chunk = Object.keys(meta.outputs).find((k) => k.endsWith('.js') && entry in (meta.outputs[k]?.inputs ?? {}));
    if (!chunk) throw new Error(`no chunk holds ${entry}`);
    visit(chunk);
  }
  return [...chunks].flatMap((c) => Object.keys(meta.outputs[c]?.inputs ?? {}));
}

describe('modules loaded before the first frame of tilebar run', () => {
  const loaded = loadedWith('src/cli/main.ts', 'src/cli/program.ts', 'src/cli/run.ts');

  it('include the bar itself: layout, widgets views, scheduler, Linux readers, clocks', () => {
    for (const m of ['src/render/layout.ts', 'widgets/time-view.ts', 'widgets/cpu-view.ts', 'src/scheduler/scheduler.ts', 'src/system/linux/readers.ts', 'src/time/strftime.ts']) {
      expect(loaded).toContain(m);
    }
  });

  it('leave out the schemas and validator, which a config taken from the cache of validated models does not need', () => {
    expect(loaded.filter((m) => m.includes('node_modules/zod/'))).toEqual([]);
    expect(loaded.filter((m) => /^src\/config\/(schema\/|schema-kit|validate|load\.ts|normalise)/.test(m))).toEqual([]);
    expect(loaded.filter((m) => /^widgets\/(cpu|memory|battery|network|storage|update|date|time|applications|tiler|registry)\.ts$/.test(m))).toEqual([]);
  });

  it('leave out Ink, React, systeminformation, chokidar and the whole of semver', () => {
    for (const pkg of ['ink', 'react', 'systeminformation', 'chokidar', 'jsonc-parser']) {
      expect(loaded.filter((m) => m.includes(`node_modules/${pkg}/`))).toEqual([]);
    }
    expect(loaded).not.toContain('node_modules/semver/index.js');
  });

  it('are loaded by the validating path when a config must be checked', () => {
    expect(loadedWith('src/config/load.ts').some((m) => m.includes('node_modules/zod/'))).toBe(true);
  });
});
