/** `--color` and `--terminal-bg`, shared by every command that paints. */
import { Option } from 'commander';
import { parseColourChoice, resolveColourDepth, type ColourChoice, type ColourDepth } from '../colour/depth.js';
import { isHex, type Hex } from '../colour/rgb.js';
import { UsageError, type CliIo } from './io.js';

export interface ColourOptions {
  color?: ColourChoice;
  terminalBg?: Hex;
}

export const colorOption = () =>
  new Option('--color <when>', 'colour output: auto, truecolor, 256, 16 or none (auto honours NO_COLOR and FORCE_COLOR)')
    .default('auto')
    .argParser((value: string): ColourChoice => {
      const choice = parseColourChoice(value);
      if (!choice) throw new UsageError(`--color must be auto, truecolor, 256, 16 or none, not "${value}"`);
      return choice;
    });

export const terminalBgOption = () =>
  new Option('--terminal-bg <#rrggbb>', "the terminal's background, for transparency_alpha (default: the theme's base colour)").argParser(
    (value: string): Hex => {
      const v = value.startsWith('#') ? value.toLowerCase() : `#${value.toLowerCase()}`;
      if (!isHex(v)) throw new UsageError(`--terminal-bg must be a colour like #1e1e2e, not "${value}"`);
      return v;
    },
  );

export function colourDepthFor(opts: ColourOptions, io: CliIo): ColourDepth {
  return resolveColourDepth(opts.color ?? 'auto', { env: io.env, isTTY: io.isTTY, platform: io.platform });
}
