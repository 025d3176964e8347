/**
 * What each command loads, read from the bundler's metafile (dist/bundle-meta.json, written by `npm run
 * build`). `run` and `preview` draw through Ink and React (production builds, in the bundle); the direct
 * renderer, `check`, `schema` and `themes` never load them. Before its first frame `run` loads no schema or
 * validator (a config taken from the cache of validated models does not need them) and no
 * systeminformation, chokidar or semver index. A pane or a feed attached to the user's core loads none of the
 * core's own code: that is imported only when it runs its bar in its own process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

interface Meta {
  outputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }>; inputs: Record<string, unknown> }>;
}
const meta = JSON.parse(readFileSync(join(process.cwd(), 'dist', 'bundle-meta.json'), 'utf8')) as Meta;

const chunkOf = (entry: string): string => {
  const chunk = Object.keys(meta.outputs).find((k) => /\.m?js$/.test(k) && entry in (meta.outputs[k]?.inputs ?? {}));
  if (!chunk) throw new Error(`no chunk holds ${entry}`);
  return chunk;
};

/** Every source file in the chunks `entries` load: statically only, or with what they import dynamically. */
function loadedWith(entries: string[], dynamic = false): string[] {
  const chunks = new Set<string>();
  const visit = (chunk: string) => {
    if (chunks.has(chunk)) return;
    chunks.add(chunk);
    for (const im of meta.outputs[chunk]?.imports ?? []) {
      if (im.external) continue;
      if (im.kind === 'import-statement' || (dynamic && im.kind === 'dynamic-import')) visit(im.path);
    }
  };
  for (const entry of entries) visit(chunkOf(entry));
  return [...chunks].flatMap((c) => Object.keys(meta.outputs[c]?.inputs ?? {}));
}
const packagesIn = (files: string[]) => new Set(files.flatMap((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1] ?? []));
const ENTRY = ['src/cli/main.ts', 'src/cli/program.ts'];

/** The URLs of the bundle's files V8 compiled in a run, from the coverage it wrote to `coverage` (NODE_V8_COVERAGE). */
function compiledModules(coverage: string): string[] {
  const urls = new Set<string>();
  for (const file of readdirSync(coverage)) {
    const report = JSON.parse(readFileSync(join(coverage, file), 'utf8')) as { result: Array<{ url: string }> };
    for (const script of report.result) if (script.url.includes('/dist/bundle/')) urls.add(script.url);
  }
  return [...urls];
}
const PREVIEW = ['preview', '--config', join(process.cwd(), 'config.example.json'), '--format', 'text', '--width', '80', '--at', '2024-09-08T09:05:03Z', '--set', 'cpu=95'];

describe('what each command loads', () => {
  it('run and preview render through Ink and React, and their production builds', () => {
    for (const command of ['src/cli/run.ts', 'src/cli/preview.ts']) {
      const loaded = loadedWith([...ENTRY, command], true);
      const packages = packagesIn(loaded);
      for (const pkg of ['ink', 'react', 'react-reconciler', 'yoga-layout']) expect(packages, `${command} loads ${pkg}`).toContain(pkg);
      expect(loaded.some((f) => /react\/cjs\/react\.development\.js$/.test(f)), command).toBe(false);
      expect(loaded.some((f) => /react-reconciler\/cjs\/react-reconciler\.development\.js$/.test(f)), command).toBe(false);
    }
    expect(loadedWith(['src/pane/ink/mount.tsx'])).toContain('src/pane/ink/App.tsx');
  });

  it('check, schema, themes, the direct renderer and the feeds never load Ink or React', () => {
    for (const command of ['src/cli/check.ts', 'src/cli/schema.ts', 'src/cli/themes.ts', 'src/pane/direct-view.ts', 'src/cli/feed.ts']) {
      // The entry's static imports, and everything the command itself may load.
      const packages = packagesIn([...loadedWith(ENTRY), ...loadedWith([command], true)]);
      for (const pkg of ['ink', 'react', 'react-reconciler', 'yoga-layout']) expect(packages, `${command} loads ${pkg}`).not.toContain(pkg);
    }
  });

  it('run loads no schema or validator before its first frame (a warm start takes its model from the cache)', () => {
    const loaded = loadedWith([...ENTRY, 'src/cli/run.ts', 'src/pane/ink/mount.tsx']);
    expect(loaded.filter((m) => m.includes('node_modules/zod/'))).toEqual([]);
    expect(loaded.filter((m) => /^src\/config\/(schema\/|schema-kit|validate|load\.ts|normalise)/.test(m))).toEqual([]);
    // The widget kinds are loaded, schemas included: a kind's schema is a function of the kit the config core
    // hands it, so loading it loads no zod (the check above).
    expect(loaded).toContain('widgets/cpu/schema.ts');
    // What the schema's properties mean is for editors (`tilebar schema`), not for drawing.
    expect(loaded.filter((m) => /^widgets\/[^/]+\/docs\.ts$|^src\/config\/(schema-docs|layout-words|json-schema)/.test(m))).toEqual([]);
    for (const pkg of ['systeminformation', 'chokidar', 'jsonc-parser']) expect(loaded.filter((m) => m.includes(`node_modules/${pkg}/`))).toEqual([]);
    expect(loaded).not.toContain('node_modules/semver/index.js');
  });

  it('an attached pane or feed loads none of the in-process core: only when it runs its bar itself (standalone-bar.ts)', () => {
    // The live core, its config loader and validator, the sources and the machine's readers, the window
    // manager's link: the user's core has them, not each front end attached to it (issue 44).
    const core = /^src\/(app\/(live-bar|shared-parts|window-manager|config-place)\.ts|bar\/(live-config|live-sources|event-sources)\.ts|system\/readers\.ts|cli\/(live-readers|standalone-bar)\.ts|config\/load\.ts)$/;
    for (const command of ['src/cli/run.ts', 'src/cli/feed.ts']) {
      const attached = loadedWith([...ENTRY, command]);
      expect(attached, command).toContain('src/attach/remote-view.ts');
      expect(attached.filter((m) => core.test(m)), command).toEqual([]);
      for (const pkg of ['zod', 'systeminformation', 'chokidar', 'dbus-next']) expect(attached.filter((m) => m.includes(`node_modules/${pkg}/`)), `${command}: ${pkg}`).toEqual([]);
      // The fallback still has it all, one dynamic import away.
      const standalone = loadedWith([...ENTRY, command], true);
      for (const m of ['src/cli/standalone-bar.ts', 'src/app/live-bar.ts', 'src/system/readers.ts']) expect(standalone, command).toContain(m);
    }
  });

  it('a second preview of the same config takes it from the cache of validated models and loads no zod (ES modules)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-pv-cache-'));
    const zodChunk = Object.keys(meta.outputs).find((k) => Object.keys(meta.outputs[k]?.inputs ?? {}).some((i) => i.includes('node_modules/zod/v4/core/core.js')));
    // TILEBAR_CODE_CACHE=0: the ES module build, as `run` loads it. V8's coverage (NODE_V8_COVERAGE) lists every
    // script and module it compiled, by URL, the same way on every line of Node. (NODE_DEBUG=esm named them too,
    // but its lines are Node's internals: from Node 24 a preview wrote 3.7 MB of them, past spawnSync's 1 MB
    // maxBuffer, and the child was killed.)
    const preview = (coverage: string) =>
      spawnSync(process.execPath, tilebarArgs(...PREVIEW), {
        encoding: 'utf8',
        env: childEnv({ TZ: 'UTC', XDG_CACHE_HOME: join(dir, 'cache'), NODE_V8_COVERAGE: join(dir, coverage), TILEBAR_CODE_CACHE: '0' }),
      });
    try {
      const first = preview('first');
      const second = preview('second');
      expect(first.status, first.stderr).toBe(0);
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toBe(first.stdout);
      expect(readdirSync(join(dir, 'cache', 'tilebar', 'models'))).toHaveLength(1);
      // The first preview validated, through zod's chunk; the cached one never compiled it.
      const base = `/${zodChunk?.split('/').pop() ?? 'no zod chunk'}`;
      const ofBundle = compiledModules(join(dir, 'first'));
      expect(ofBundle.some((url) => url.endsWith(base)), ofBundle.join('\n')).toBe(true);
      expect(compiledModules(join(dir, 'second')).filter((url) => url.endsWith(base))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the same through the preview script: the modules of zod never start on the cached path', () => {
    // In a script esbuild starts a lazily imported module by calling a function named after its path; V8's
    // precise coverage (NODE_V8_COVERAGE) counts every function that ran.
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-pv-script-'));
    const started = (coverage: string): string[] => {
      const ran = new Set<string>();
      for (const file of readdirSync(coverage)) {
        const report = JSON.parse(readFileSync(join(coverage, file), 'utf8')) as { result: Array<{ url: string; functions: Array<{ functionName: string; ranges: Array<{ count: number }> }> }> };
        for (const script of report.result.filter((r) => r.url.endsWith('oneshot-preview.cjs'))) {
          for (const f of script.functions) if ((f.ranges[0]?.count ?? 0) > 0 && f.functionName.startsWith('node_modules/')) ran.add(f.functionName);
        }
      }
      return [...ran];
    };
    const preview = (coverage: string) =>
      spawnSync(process.execPath, tilebarArgs(...PREVIEW), {
        encoding: 'utf8',
        env: childEnv({ TZ: 'UTC', XDG_CACHE_HOME: join(dir, 'cache'), NODE_V8_COVERAGE: join(dir, coverage) }),
      });
    try {
      const first = preview('first');
      const second = preview('second');
      expect(first.status, first.stderr).toBe(0);
      expect(second.stdout).toBe(first.stdout);
      expect(started(join(dir, 'first')).filter((m) => m.includes('node_modules/zod/'))).not.toEqual([]);
      const cached = started(join(dir, 'second'));
      expect(cached.some((m) => m.includes('node_modules/ink/'))).toBe(true);
      expect(cached.filter((m) => m.includes('node_modules/zod/'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads zod on the validating path, when a config must be checked', () => {
    expect(loadedWith(['src/config/load.ts']).some((m) => m.includes('node_modules/zod/'))).toBe(true);
  });

  it('imports from node_modules at run time only the PNG renderer, only in the chunk that draws PNGs: the package’s two dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    // systeminformation's optional macOS sensor add-ons, required inside try/catch by functions tilebar never calls.
    // dbus-next's optional native socket module, required inside try/catch: without it dbus-next connects
    // with node:net (tilebar never gives it an abstract-namespace address, which would need it).
    const optional = new Set(['osx-temperature-sensor', 'macos-temperature-sensor', 'usocket']);
    const externals = Object.entries(meta.outputs).flatMap(([chunk, o]) => o.imports.filter((im) => im.external && !builtinModules.includes(im.path.replace(/^node:/, '')) && !optional.has(im.path)).map((im) => ({ chunk, path: im.path })));
    // resvg's WebAssembly and the picture fonts are files read from their packages, for --format png alone.
    expect(externals).toEqual([{ chunk: chunkOf('src/render/png.ts'), path: '@resvg/resvg-wasm' }]);
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(['@resvg/resvg-wasm', 'dejavu-fonts-ttf']);
    // Nothing else loads the PNG chunk: not run, not the other formats of preview.
    for (const entry of ['src/cli/run.ts', 'src/cli/preview.ts', 'src/cli/check.ts']) expect(loadedWith([entry])).not.toContain('src/render/png.ts');
  });

  it('drawing through Ink loads no undici: Yoga decodes its WebAssembly without fetch (see scripts/bundle-patches.mjs)', () => {
    // Node's internal module list at exit, of a real preview through the bundle: undici (Node's fetch) costs
    // ~45 ms of start-up and ~10 MB for the bar's life.
    const dir = mkdtempSync(join(tmpdir(), 'tilebar-modules-'));
    const hook = join(dir, 'modules.mjs');
    writeFileSync(hook, "process.on('exit', () => process.stderr.write('MODULES ' + JSON.stringify(process.moduleLoadList) + '\\n'));\n");
    try {
      const r = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, ...tilebarArgs('preview', '--config', join(process.cwd(), 'config.example.json'), '--format', 'ansi', '--width', '80')], { encoding: 'utf8', env: childEnv({ TZ: 'UTC' }) });
      expect(r.status, r.stderr).toBe(0);
      const modules = JSON.parse(/MODULES (.*)/.exec(r.stderr)?.[1] ?? '[]') as string[];
      expect(modules.length).toBeGreaterThan(50);
      expect(r.stdout).toContain('\x1b[');
      expect(modules.filter((m) => m.includes('undici'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
