/**
 * Rows of runs as terminal text: one SGR sequence per change of style, nothing else. This is what `run`
 * and `preview --format ansi` write: it costs microseconds a frame, where reconciling the Ink components
 * costs ~17 ms and loading Ink, React and Yoga ~0.5 s (see bench/). The components (Bar.tsx) remain the
 * declarative description; a test holds the two to the same cells and colours.
 */
import type { ColourDepth } from '../colour/depth.js';
import { colourParameters } from '../colour/sgr.js';
import type { Run } from './bar-types.js';
import { BoundedCache } from '../io/bounded-cache.js';

/** Saves building the SGR sequence (colour parameters at the terminal's depth) for each run of every frame. */
const sgrCache = new BoundedCache<string, string>({ maxEntries: 2000 });

function sgr(run: Run, depth: ColourDepth): string {
  // Separated: a foreground-only and a background-only run of one colour must not share an entry.
  const key = `${depth}|${run.fg ?? ''}|${run.bg ?? ''}|${run.bold ? 'b' : ''}`;
  const hit = sgrCache.get(key);
  if (hit !== undefined) return hit;
  const value = makeSgr(run, depth);
  sgrCache.set(key, value);
  return value;
}

function makeSgr(run: Run, depth: ColourDepth): string {
  const params = ['0'];
  if (run.bold) params.push('1');
  if (run.fg) params.push(colourParameters(run.fg, depth, 'fg'));
  if (run.bg) params.push(colourParameters(run.bg, depth, 'bg'));
  return `\x1b[${params.join(';')}m`;
}

/**
 * One row. At depth none, the text with no colour at all — but what colour would set apart still stands
 * out: selected units in reverse video, the message in bold (NO_COLOR asks for no colour, not no emphasis).
 */
export function rowToAnsi(runs: readonly Run[], depth: ColourDepth): string {
  if (depth === 'none') {
    if (!runs.some((r) => r.inverse || r.bold)) return runs.map((r) => r.text).join('');
    let out = '';
    let last = '';
    for (const r of runs) {
      const style = r.inverse ? '\x1b[0;7m' : r.bold ? '\x1b[0;1m' : '\x1b[0m';
      if (style !== last) out += style;
      last = style;
      out += r.text;
    }
    return `${out}\x1b[0m`;
  }
  let out = '';
  let last = '';
  for (const r of runs) {
    const style = sgr(r, depth);
    if (style !== last) out += style;
    last = style;
    out += r.text;
  }
  return `${out}\x1b[0m`;
}

export function frameToAnsi(rows: readonly (readonly Run[])[], depth: ColourDepth): string[] {
  return rows.map((r) => rowToAnsi(r, depth));
}
