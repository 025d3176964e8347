/** Update widget's view: tells when a newer tilebar is published. No schema here (no zod). */
// semver's functions one by one: its index loads every range and class (~70 KB) before the first frame.
import coerce from 'semver/functions/coerce.js';
import gt from 'semver/functions/gt.js';
import prerelease from 'semver/functions/prerelease.js';
import valid from 'semver/functions/valid.js';
import type { UpdateReading } from '../../src/system/readings.js';
import { WAITING } from '../percent-unit.js';
import type { UpdateConfig } from './schema.js';
import { prefixed, type SourceStatus, type UnitView } from '../view.js';

/** Real semver order (the original compares strings, so there 0.1.100 < 0.1.42); pre-releases only for pre-release users. */
export function isNewer(latest: string, current: string): boolean {
  const l = valid(coerce(latest, { includePrerelease: true }));
  const c = valid(coerce(current, { includePrerelease: true }));
  if (!l || !c) return false;
  if (prerelease(l) && !prerelease(c)) return false;
  return gt(l, c);
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
