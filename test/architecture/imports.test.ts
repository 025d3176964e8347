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

  /** A folder: `src/<x>`, or `widgets` as a whole (a kind's subfolder counts as widgets). */
  const folderOf = (f: string) => (f.startsWith('widgets/') ? 'widgets' : f.split('/').slice(0, 2).join('/'));
  const crossing = edges.filter((e) => folderOf(e.from) !== folderOf(e.to));

  it('has no knots between folders: no two folders import each other (issue 34)', () => {
    const pairs = new Set(crossing.map((e) => `${folderOf(e.from)} -> ${folderOf(e.to)}`));
    const knotted = crossing.filter((e) => pairs.has(`${folderOf(e.to)} -> ${folderOf(e.from)}`));
    expect(knotted.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('keeps src/render pure: it imports nothing from the live core, the view step or any front end', () => {
    const outside = ['src/bar', 'src/app', 'src/view', 'src/pane', 'src/feeds', 'src/cli'];
    expect(crossing.filter((e) => folderOf(e.from) === 'src/render' && outside.includes(folderOf(e.to)))).toEqual([]);
  });

  it('lets front ends (src/feeds, src/pane, src/cli) reach the store only through src/app', () => {
    const frontEnds = ['src/feeds', 'src/pane', 'src/cli'];
    expect(edges.filter((e) => frontEnds.includes(folderOf(e.from)) && e.to === 'src/bar/bar-store.ts')).toEqual([]);
  });

  it("keeps the user's core (src/serve) above the live core: nothing in src/app or src/bar imports src/serve (issue 44)", () => {
    const intoTheServer = edges.filter((e) => ['src/app', 'src/bar'].includes(folderOf(e.from)) && folderOf(e.to) === 'src/serve');
    expect(intoTheServer.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('front ends and commands import the core only through src/app: nothing in src/pane, src/feeds or src/cli imports src/bar', () => {
    const frontEnds = ['src/pane', 'src/feeds', 'src/cli'];
    const intoTheCore = edges.filter((e) => frontEnds.includes(folderOf(e.from)) && folderOf(e.to) === 'src/bar');
    expect(intoTheCore.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});
