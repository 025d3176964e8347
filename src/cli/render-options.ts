/** Options shared by `preview` and `run`: icons, cell size, reading overrides. */
import { resolve } from 'node:path';
import { Option } from 'commander';
import { parseCellSize, type CellSize } from '../render/cells.js';
import { parseIconSet, type IconSet } from '../render/icons.js';
import { SettingError, simulatedReadings, type KindSimulation, type SimulatedReadings } from '../thresholds/simulate.js';
import { readTextFile } from '../io/read-text-file.js';
import { quote } from '../text/safe-text.js';
import { UsageError, type CliIo } from './io.js';

export const iconsOption = () =>
  new Option('--icons <set>', 'icon glyphs: nerd (needs a Nerd Font), unicode or ascii (default: $TILEBAR_ICONS, else nerd in WezTerm and kitty, else unicode)').argParser(
    (v: string): IconSet => {
      const set = parseIconSet(v);
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

/** A JSON file given on the command line (`--data`, `--tiler-state`): read safely, parsed, or a usage error. */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  const read = await readTextFile(path, { maxBytes: MAX_INPUT_BYTES, streams: true });
  if (!read.ok) throw new UsageError(`${what}: ${read.problem}`);
  try {
    return JSON.parse(read.text) as unknown;
  } catch (e) {
    // V8's message quotes the text it choked on; say where instead.
    const at = e instanceof SyntaxError ? /position (\d+)/.exec(e.message)?.[1] : undefined;
    throw new UsageError(`${what}: not JSON${at ? ` (at character ${at})` : ''}`);
  }
}

/** `--data` and `--tiler-state` files: a state of a large desktop is a few hundred KB. */
const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** `--set` values and a `--data` JSON file of the same keys (`{"cpu": 95, "storage./": 91}`), --set last. */
export async function readingsFromOptions(opts: { set?: string[]; data?: string }, io: CliIo, simulations: readonly KindSimulation[]): Promise<{ readings: SimulatedReadings; given: boolean }> {
  const settings: string[] = [];
  if (opts.data) {
    const parsed = await readJsonFile(resolve(io.cwd, opts.data), `--data ${opts.data}`);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`--data ${opts.data}: expected a JSON object of readings like {"cpu": 95}`);
    for (const [k, v] of Object.entries(parsed)) {
      // A reading is one value; an array or object (however deep) is not, and is never turned into text.
      if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean') {
        throw new UsageError(`--data ${opts.data}: ${quote(k)} is ${v === null ? 'null' : Array.isArray(v) ? 'an array' : 'an object'}; expected a number or a string like "2MiB"`);
      }
      settings.push(`${k}=${String(v)}`);
    }
  }
  settings.push(...(opts.set ?? []));
  try {
    return { readings: simulatedReadings(settings, simulations), given: settings.length > 0 };
  } catch (e) {
    if (e instanceof SettingError) throw new UsageError(e.message);
    throw e;
  }
}
