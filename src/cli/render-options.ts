/** Options shared by `preview` and `run`: icons, cell size, reading overrides. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option } from 'commander';
import { parseCellSize, type CellSize } from '../render/cells.js';
import { ICON_SETS, type IconSet } from '../render/icons.js';
import { SettingError, simulatedReadings, type SimulatedReadings } from '../thresholds/simulate.js';
import { UsageError, type CliIo } from './io.js';

export const iconsOption = () =>
  new Option('--icons <set>', 'icon glyphs: nerd, unicode or ascii (default: nerd when font_family is a Nerd Font, else unicode)').argParser(
    (v: string): IconSet => {
      const set = ICON_SETS.find((s) => s === v.toLowerCase());
      if (!set) throw new UsageError(`--icons must be nerd, unicode or ascii, not "${v}"`);
      return set;
    },
  );

export const cellOption = () =>
  new Option('--cell <WxH>', "a terminal cell's size in pixels, for the config's pixel lengths (default: 0.6 × 1.2 font_size)").argParser(
    (v: string): CellSize => {
      const size = parseCellSize(v);
      if (!size) throw new UsageError(`--cell must look like 8x16, not "${v}"`);
      return size;
    },
  );

export const setOption = () =>
  new Option('--set <key=value>', 'use this reading instead of the machine (repeatable; keys as for thresholds)').argParser((v: string, all: string[] = []) => [...all, v]);

/** `--set` values and a `--data` JSON file of the same keys (`{"cpu": 95, "storage./": 91}`), --set last. */
export async function readingsFromOptions(opts: { set?: string[]; data?: string }, io: CliIo): Promise<{ readings: SimulatedReadings; given: boolean }> {
  const settings: string[] = [];
  if (opts.data) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(resolve(io.cwd, opts.data), 'utf8'));
    } catch (e) {
      throw new UsageError(`--data ${opts.data}: ${e instanceof SyntaxError ? `not JSON (${e.message})` : ((e as NodeJS.ErrnoException).code ?? String(e))}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`--data ${opts.data}: expected a JSON object of readings like {"cpu": 95}`);
    for (const [k, v] of Object.entries(parsed)) settings.push(`${k}=${String(v)}`);
  }
  settings.push(...(opts.set ?? []));
  try {
    return { readings: simulatedReadings(settings), given: settings.length > 0 };
  } catch (e) {
    if (e instanceof SettingError) throw new UsageError(e.message);
    throw e;
  }
}
