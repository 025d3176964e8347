/** Starting the renderer a running bar asked for (bar-view.ts says what both renderers are). */
import type { BarView, BarViewOptions, Renderer } from './bar-view.js';

/**
 * Start the renderer asked for, each from its own chunk (the direct one never loads Ink and React); one that
 * cannot start leaves the bar to the direct renderer, and says why. `renderer` is the one that draws: what the
 * bar's "running" line names (it named Ink after Ink had failed, under a Node without WebAssembly).
 */
export async function startBarView(renderer: Renderer, options: BarViewOptions, log: (line: string) => void): Promise<BarView & { renderer: Renderer }> {
  try {
    const view = renderer === 'direct' ? (await import('./direct-view.js')).startDirectView(options) : (await import('./ink/mount.js')).startInkView(options);
    return { stop: () => view.stop(), renderer };
  } catch (e) {
    log(`the ${renderer} renderer could not start (${e instanceof Error ? e.message : String(e)}); drawing directly instead`);
    const view = (await import('./direct-view.js')).startDirectView(options);
    return { stop: () => view.stop(), renderer: 'direct' };
  }
}
