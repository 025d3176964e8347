/**
 * Ink paints through chalk, which reads FORCE_COLOR once, when it is first imported, and ignores NO_COLOR.
 * So before anything imports Ink, the depth tilebar decided (from `--color`, NO_COLOR, FORCE_COLOR and the
 * terminal) is written to FORCE_COLOR, and chalk emits exactly what tilebar's own painter does.
 */
import { forceColorFor, parseColourChoice, resolveColourDepth, type ColourChoice, type ColourDepth } from '../colour/depth.js';

/** The `--color` value on a command line (`--color X` or `--color=X`), as commander will later read it. */
export function colourChoiceInArgv(argv: readonly string[]): ColourChoice {
  let choice: ColourChoice = 'auto';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    const value = arg === '--color' ? argv[i + 1] : arg.startsWith('--color=') ? arg.slice('--color='.length) : undefined;
    if (value !== undefined) choice = parseColourChoice(value) ?? choice;
  }
  return choice;
}

export function prepareColourForInk(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  isTTY: boolean,
  platform: NodeJS.Platform,
): ColourDepth {
  const depth = resolveColourDepth(colourChoiceInArgv(argv), { env, isTTY, platform });
  env.FORCE_COLOR = forceColorFor(depth);
  return depth;
}
