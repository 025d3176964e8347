/** Starting the renderer a running bar asked for (bar-view.ts says what both renderers are). */
import type { BarView, BarViewOptions, Renderer } from './bar-view.js';

/**
 * Start the renderer asked for, each from its own chunk (the direct one never loads Ink and React); one that
 * cannot start leaves the bar to the direct renderer, and says why.
 */
export async function startBarView(renderer: Renderer, options: BarViewOptions, log: (line: string) => void): Promise<BarView> {
  try {
    return renderer === 'direct' ? (await import('./direct-view.js')).startDirectView(options) : (await import('./ink/mount.js')).startInkView(options);
  } catch (e) {
    log(`the ${renderer} renderer could not start (${e instanceof Error ? e.message : String(e)}); drawing directly instead`);
    return (await import('./direct-view.js')).startDirectView(options);
  }
}
