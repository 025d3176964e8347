/**
 * How the Ink components paint a run, at the bar's colour depth, given through a context (PaintContext) rather
 * than chalk's global level: each run is painted once when its component renders, with a chalk instance of its
 * own level, in the order Ink's <Text> applies the same styles (colour, background, bold, reverse) — so the
 * bytes are those Ink would write, and Ink's transform has nothing left to do on each frame.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { createContext } from 'react';
import type { ColourDepth } from '../../colour/depth.js';
import { inkColour } from '../../colour/ink-colour.js';
import type { Run } from '../../render/bar-types.js';

export interface InkPaint {
  depth: ColourDepth;
  chalk: ChalkInstance;
}

/**
 * At depth none runs get no colours (inkColour gives none), but chalk stays at level 1 so bold and reverse video
 * still mark the message and selected units; a plain text frame asks for level 0 (`plain`).
 */
export function chalkLevelFor(depth: ColourDepth, plain = false): 0 | 1 | 2 | 3 {
  if (plain) return 0;
  return ({ none: 1, '16': 1, '256': 2, truecolor: 3 } as const)[depth];
}

/** One paint per depth and plainness, so the context's value is the same object while they are unchanged. */
const paints = new Map<string, InkPaint>();

export function paintFor(depth: ColourDepth, plain = false): InkPaint {
  const key = `${depth}${plain ? ' plain' : ''}`;
  let paint = paints.get(key);
  if (!paint) paints.set(key, (paint = { depth, chalk: new Chalk({ level: chalkLevelFor(depth, plain) }) }));
  return paint;
}

export const PaintContext = createContext<InkPaint>(paintFor('truecolor'));

/** A colour as Ink's colorize applies it: a chalk name, `#rrggbb` or `ansi256(n)` (what inkColour gives). */
function colourise(c: ChalkInstance, colour: string, text: string, background: boolean): string {
  if (colour.startsWith('#')) return background ? c.bgHex(colour)(text) : c.hex(colour)(text);
  const n = /^ansi256\((\d+)\)$/.exec(colour)?.[1];
  if (n !== undefined) return background ? c.bgAnsi256(Number(n))(text) : c.ansi256(Number(n))(text);
  const name = (background ? `bg${colour[0]?.toUpperCase() ?? ''}${colour.slice(1)}` : colour) as keyof ChalkInstance;
  const style = c[name];
  return typeof style === 'function' ? (style as (s: string) => string)(text) : text;
}

/** A run's text with its styles. Without colour, a selected run is drawn in reverse video (see Run.inverse). */
export function paintRun(run: Run, { depth, chalk }: InkPaint): string {
  let text = run.text;
  const fg = run.fg ? inkColour(run.fg, depth) : undefined;
  if (fg) text = colourise(chalk, fg, text, false);
  const bg = run.bg ? inkColour(run.bg, depth) : undefined;
  if (bg) text = colourise(chalk, bg, text, true);
  if (run.bold) text = chalk.bold(text);
  if (depth === 'none' && run.inverse) text = chalk.inverse(text);
  return text;
}
