/**
 * The shape of the import graph (issue 24): no circles, type-only imports included; nothing outside the command
 * line imports from it; the window-manager IPC that the Tiler and the Keyboard sources share lives apart from
 * both. Read from the sources with TypeScript's pre-processor (import-graph.ts).
 */
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph.js';

const graph = importGraph(process.cwd());
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe('the import graph', () => {
  it('reads every source file and its imports', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('src/cli/run.ts')).toContain('src/io/terminal.ts');
  });

  it('has no import circles, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const planted = new Map(graph);
    planted.set('src/config/vocabulary.ts', [...(graph.get('src/config/vocabulary.ts') ?? []), 'src/config/schema/bar.ts']);
    expect(cycles(planted).some((c) => c.includes('src/config/vocabulary.ts'))).toBe(true);
  });

  it('imports from the command line only inside it', () => {
    expect(edges.filter((e) => e.to.startsWith('src/cli/') && !e.from.startsWith('src/cli/'))).toEqual([]);
  });

  it('hands the config core its widget kinds: nothing in src/config imports widgets/', () => {
    expect(edges.filter((e) => e.from.startsWith('src/config/') && e.to.startsWith('widgets/'))).toEqual([]);
  });

  it('keeps each widget kind in its folder: no kind imports another kind (shared pieces sit in widgets/)', () => {
    const kindOf = (f: string) => /^widgets\/([^/]+)\//.exec(f)?.[1];
    expect(edges.filter((e) => kindOf(e.from) && kindOf(e.to) && kindOf(e.from) !== kindOf(e.to))).toEqual([]);
  });

  it('keeps the IPC of i3, sway and Hyprland apart from the Tiler and Keyboard sources that share it', () => {
    expect(edges.filter((e) => e.from.startsWith('src/keyboard/') && e.to.startsWith('src/tiler/'))).toEqual([]);
    expect(edges.filter((e) => e.from.startsWith('src/ipc/') && !e.to.startsWith('src/io/') && !e.to.startsWith('src/scheduler/'))).toEqual([]);
  });
});
