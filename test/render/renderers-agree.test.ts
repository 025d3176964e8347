/**
 * The Ink app's frames and the direct renderer's are the same, cell for cell and colour for colour, for every
 * config at hand — the repository's own and, when ../shared is there, the 110 public real configs — at
 * several sizes and every colour depth, and for the README's example frame.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { loadConfigText } from '../../src/config/load.js';
import { frameToAnsi } from '../../src/render/ansi.js';
import { renderFrame } from '../../src/pane/ink/frame.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';
import { stateDoc } from '../tiler/fake-wm.js';
import { tilerStateFrom } from '../../src/tiler/state.js';
import { cellsOf } from './cells.js';

const shared = join(process.cwd(), '..', 'shared', 'fixtures', 'real-configs');
const own = [join(process.cwd(), 'config.example.json'), ...readdirSync(join(process.cwd(), 'test/fuzz/seeds')).map((f) => join(process.cwd(), 'test/fuzz/seeds', f))];
const real = existsSync(shared) ? readdirSync(shared).filter((f) => f.endsWith('.json')).map((f) => join(shared, f)) : [];

const readings = simulatedReadings(['cpu=95', 'memory=48', 'battery=10', 'storage./=91', 'storage./home=33', 'network.received=1.2MiB', 'network.transmitted=96KiB', 'network.interface=wlan0', 'update=9.0.0'], BUILTIN_WIDGETS.simulations);
const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
const tiler = tilerStateFrom(stateDoc({ workspaces: [{ name: 'dev', containers: [[{ title: 'vim', exe: 'WezTerm.exe' }]] }, { name: 'web' }, { name: null }], focused: 0 }), 0);

function compare(file: string): number {
  const result = loadConfigText(readFileSync(file, 'utf8'), file, { kinds: BUILTIN_WIDGETS });
  if (!result.model) return 0;
  let frames = 0;
  for (const icons of ['unicode', 'nerd'] as const) {
    const look = appearanceOf(result.model, { icons });
    for (const [width, height] of [
      [160, 1],
      [100, 3],
      [42, 1],
    ] as const) {
      const layout = layoutFor(result.model, look, { statuses, clock: { epochMs: Date.parse('2024-09-08T09:05:03Z'), systemZone: 'UTC' }, ...(tiler.ok ? { tiler: tiler.state } : {}) }, { width, height }, '0.1.0', width === 42 ? 'config error: bar.json:3:7: error: something' : undefined);
      for (const depth of ['truecolor', '256', '16', 'none'] as const) {
        const ink = cellsOf(renderFrame(layout, depth), width);
        const direct = cellsOf(frameToAnsi(layout.rows, depth).join('\n'), width);
        expect(ink, `${file} at ${width}×${height}, ${depth}, ${icons}`).toEqual(direct);
        frames++;
      }
    }
  }
  return frames;
}

describe('the Ink app and the direct renderer', () => {
  it("draw the same cells in the same colours for the repository's configs", () => {
    let frames = 0;
    for (const file of own) frames += compare(file);
    expect(frames).toBe(own.length * 2 * 3 * 4);
  });

  it.skipIf(real.length === 0)('draw the same cells in the same colours for the public real configs (../shared)', () => {
    let frames = 0;
    for (const file of real) frames += compare(file);
    // 105 of the 110 load (the others are rejected on purpose, see test/conformance).
    expect(frames).toBeGreaterThanOrEqual(105 * 24);
  });
});
