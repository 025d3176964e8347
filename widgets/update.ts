/** Update widget: tells when a newer tilebar is published. */
import semver from 'semver';
import * as z from 'zod';
import { once } from '../src/config/schema-kit.js';
import { enable, prefix, refreshInterval } from '../src/config/schema/widget-fields.js';
import type { UpdateReading } from '../src/system/readings.js';
import { WAITING } from './percent-unit.js';
import { prefixed, type SourceStatus, type UnitView } from './view.js';

export const updateConfig = once(() =>
  z.strictObject({
    enable: enable(),
    /** Hours between checks. */
    data_refresh_interval: refreshInterval(12),
    label_prefix: prefix('IconAndText'),
  }));
export type UpdateConfig = z.output<ReturnType<typeof updateConfig>>;

/** Real semver order (the original compares strings, so there 0.1.100 < 0.1.42); pre-releases only for pre-release users. */
export function isNewer(latest: string, current: string): boolean {
  const l = semver.valid(semver.coerce(latest, { includePrerelease: true }));
  const c = semver.valid(semver.coerce(current, { includePrerelease: true }));
  if (!l || !c) return false;
  if (semver.prerelease(l) && !semver.prerelease(c)) return false;
  return semver.gt(l, c);
}

export function updateView(config: UpdateConfig, status: SourceStatus<UpdateReading>, currentVersion: string): UnitView[] {
  const base = { id: 'update', name: 'Update' };
  const r = status.reading;
  if (!r) return [{ ...base, segments: [], state: 'hidden', why: status.error ?? WAITING, checks: [] }];
  if (!r.latest) return [{ ...base, segments: [], state: 'hidden', why: r.problem ?? 'no answer', checks: [] }];
  if (!isNewer(r.latest, currentVersion)) {
    return [{ ...base, segments: [], state: 'hidden', why: `up to date: ${currentVersion}, latest ${r.latest}`, valueText: r.latest, checks: [] }];
  }
  // The prefix only toggles the icon: there is no word.
  const icon = config.label_prefix === 'Icon' || config.label_prefix === 'IconAndText';
  return [
    {
      ...base,
      segments: [...(icon ? prefixed('Icon', 'ROCKET_LAUNCH', '', []) : []), { role: 'text', text: 'Update available! ' }, { role: 'value', text: `v${r.latest}` }],
      state: 'normal',
      why: `${r.latest} is newer than ${currentVersion}`,
      valueText: r.latest,
      checks: [],
    },
  ];
}
