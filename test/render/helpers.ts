import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import type { BarLayout } from '../../src/render/bar-types.js';
import { rowText } from '../../src/render/rows.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';
import type { IconSet } from '../../src/render/icons.js';
import { load, model } from '../helpers.js';

export const AT = Date.parse('2024-09-08T09:05:03Z');

/** The bar for a config document at a fixed instant (UTC) with given readings. */
export function layoutOf(doc: Record<string, unknown>, opts: { width: number; height?: number; set?: string[]; icons?: IconSet; message?: string }): BarLayout {
  const m = model(load(doc));
  const look = appearanceOf(m, { icons: opts.icons ?? 'unicode' });
  const readings = simulatedReadings(opts.set ?? [], BUILTIN_WIDGETS.simulations);
  const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
  return layoutFor(m, look, { statuses, clock: { epochMs: AT, systemZone: 'UTC' } }, { width: opts.width, height: opts.height ?? 1 }, '0.1.0', opts.message);
}

export const rows = (l: BarLayout) => l.rows.map(rowText);
export const sp = (n: number) => ' '.repeat(n);
