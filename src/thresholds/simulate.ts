/**
 * `--set KEY=VALUE`: readings given on the command line instead of read from the machine, for `preview` and
 * `thresholds`. Each widget kind says which keys it takes and what they set (`widgets/<kind>/index.ts`,
 * `simulation`); this module parses the settings, bounds them, and hands each to the kind that claims it.
 * The result holds the poll sources' readings by source name, and what event sources would send (`media`,
 * `keyboard`) by theirs.
 */
import { didYouMean } from '../config/suggest.js';
import { quote } from '../text/safe-text.js';
import { parseBytes } from '../units/bytes.js';

export type SimulatedReadings = Record<string, unknown>;

/** What a kind's simulation is, as this module uses it (`widgets/kind.ts` has the whole kind). */
export interface KindSimulation {
  readonly keys: readonly string[];
  readonly hint: string;
  set(readings: SimulatedReadings, key: string, value: string): boolean;
  finish?(readings: SimulatedReadings): void;
}

export class SettingError extends Error {}

export function percentOf(key: string, value: string): number {
  const n = Number(value.replace(/%$/, ''));
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) throw new SettingError(`--set ${key}: expected a percentage 0–100, found ${quote(value)}`);
  return n;
}

export function bytesOf(key: string, value: string): number {
  const n = parseBytes(value);
  if (n === undefined) throw new SettingError(`--set ${key}: expected bytes up to 16 EiB, like 2MiB, 300K, 1GB or 1048576, found ${quote(value)}`);
  return n;
}

/** Settings read at most: each is a reading of one source, and no bar has thousands of sources. */
export const MAX_SETTINGS = 10_000;

/** Every key the kinds take, as the help lists them. */
export const setKeys = (simulations: readonly KindSimulation[]): string[] => simulations.flatMap((s) => s.keys);

/** Apply the settings in order (later settings of the same key win), each by the kind that takes its key. */
export function simulatedReadings(settings: readonly string[], simulations: readonly KindSimulation[]): SimulatedReadings {
  if (settings.length > MAX_SETTINGS) throw new SettingError(`${settings.length} readings given; at most ${MAX_SETTINGS} are read`);
  const r: SimulatedReadings = {};
  for (const setting of settings) {
    const eq = setting.indexOf('=');
    if (eq <= 0) throw new SettingError(`--set expects KEY=VALUE (e.g. cpu=95), found ${quote(setting)}`);
    const key = setting.slice(0, eq).trim();
    const value = setting.slice(eq + 1).trim();
    if (!simulations.some((s) => s.set(r, key, value))) {
      const keys = setKeys(simulations);
      const hint = didYouMean(key, keys.map((k) => k.replace(/\.<[^>]*>$/, '')));
      throw new SettingError(`--set: unknown key ${quote(key)}${hint ? `; ${hint}` : ''} (keys: ${keys.join(', ')})`);
    }
  }
  for (const s of simulations) s.finish?.(r);
  return r;
}
