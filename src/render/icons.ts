/**
 * Glyphs for the icons widgets ask for, in three sets. `nerd`: Font Awesome 4 and Octicons code points of
 * Nerd Fonts (stable across Nerd Fonts 2 and 3). `unicode`: single-width BMP symbols any font has.
 * `ascii`: letters. Which one: see `chooseIconSet`.
 */
import { ICON_SETS, type IconName, type IconSet } from '../../widgets/icons.js';

// The sets are named beside the icon names: a widget kind's context says which set it draws in (widgets/kind.ts).
export { ICON_SETS, type IconSet };

const u = (cp: number) => String.fromCodePoint(cp);

/** name → [nerd, unicode, ascii] */
export const GLYPHS: Readonly<Record<IconName, readonly [string, string, string]>> = {
  BATTERY_CHARGING: [u(0xf0e7), '↯', '+'],
  BATTERY_FULL: [u(0xf240), '█', 'B'],
  BATTERY_HIGH: [u(0xf241), '▆', 'B'],
  BATTERY_MEDIUM: [u(0xf242), '▄', 'B'],
  BATTERY_LOW: [u(0xf243), '▂', 'b'],
  BATTERY_WARNING: [u(0xf244), '▁', '!'],
  CPU: [u(0xf4bc), '▣', 'C'],
  MEMORY: [u(0xf2db), '▤', 'M'],
  CALENDAR_DOTS: [u(0xf073), '▦', 'D'],
  CALENDAR: [u(0xf073), '▦', 'D'],
  CLOCK: [u(0xf017), '◷', 'T'],
  KEYBOARD: [u(0xf11c), '⌨', 'K'],
  HEADPHONES: [u(0xf025), '♫', '~'],
  SKIP_BACK: [u(0xf048), '«', '<'],
  PLAY: [u(0xf04b), '►', '>'],
  PAUSE: [u(0xf04c), '‖', '='],
  SKIP_FORWARD: [u(0xf051), '»', '>'],
  ARROW_FAT_DOWN: [u(0xf063), '↓', 'v'],
  ARROW_FAT_UP: [u(0xf062), '↑', '^'],
  ARROW_FAT_LINES_DOWN: [u(0xf0ab), '⇊', 'V'],
  ARROW_FAT_LINES_UP: [u(0xf0aa), '⇈', 'A'],
  WIFI_HIGH: [u(0xf1eb), '⇄', 'N'],
  HARD_DRIVES: [u(0xf0a0), '▭', 'H'],
  ROCKET_LAUNCH: [u(0xf135), '⇪', '^'],
  WARNING_CIRCLE: [u(0xf06a), '!', '!'],
  LOCK_KEY: [u(0xf023), '■', 'L'],
  LOCK_SIMPLE_OPEN: [u(0xf09c), '□', 'U'],
  ARROW_FAT_LINES_RIGHT: [u(0xf061), '⇒', '>'],
  MOON: [u(0xf186), '☾', 'T'],
  ALARM: [u(0xf0f3), '◔', 'T'],
  BREAD: [u(0xf0f5), '◑', 'T'],
  BARBELL: [u(0xf21e), '◕', 'T'],
  COFFEE: [u(0xf0f4), '◓', 'T'],
  HAMBURGER: [u(0xf0f5), '◒', 'T'],
  CLOCK_AFTERNOON: [u(0xf185), '◶', 'T'],
  FORK_KNIFE: [u(0xf0f5), '◵', 'T'],
  MOON_STARS: [u(0xf236), '☾', 'T'],
  LAYOUT_BSP: [u(0xf009), '◫', 'B'],
  LAYOUT_COLUMNS: [u(0xf0db), '▥', '|'],
  LAYOUT_ROWS: [u(0xf0c9), '☰', '='],
  LAYOUT_VERTICAL_STACK: [u(0xf00b), '◧', 'V'],
  LAYOUT_HORIZONTAL_STACK: [u(0xf03a), '⬓', 'H'],
  LAYOUT_ULTRAWIDE: [u(0xf0ce), '▦', 'U'],
  LAYOUT_GRID: [u(0xf00a), '▦', '#'],
  LAYOUT_RIGHT_MAIN: [u(0xf00b), '◨', 'R'],
  LAYOUT_SCROLLING: [u(0xf07e), '⇔', 'S'],
  LAYOUT_MONOCLE: [u(0xf096), '□', 'M'],
  LAYOUT_FLOATING: [u(0xf24d), '❐', 'F'],
  LAYOUT_PAUSED: [u(0xf04c), '‖', 'P'],
  LAYOUT_CUSTOM: [u(0xf013), '✱', 'C'],
  LAYER_TILING: [u(0xf009), '◫', 'T'],
  LAYER_FLOATING: [u(0xf24d), '❐', 'F'],
  WINDOW: [u(0xf2d0), '▢', '#'],
};

export function glyph(name: IconName, set: IconSet): string {
  return GLYPHS[name][ICON_SETS.indexOf(set)] ?? '?';
}

export function parseIconSet(text: string | undefined): IconSet | undefined {
  const t = text?.trim().toLowerCase();
  return ICON_SETS.find((s) => s === t);
}

/**
 * The icon set, so that a first run shows no boxes of tofu: `--icons`, else `$TILEBAR_ICONS`, else — for a
 * live bar — `nerd` in a terminal that draws Nerd Font symbols whatever its font (WezTerm and kitty bundle
 * them), else `unicode`. A config's `font_family` does not decide: it names the font of the original bar's
 * window, not of this terminal, and the example config's Nerd Font is on few machines. A preview is the same
 * everywhere: it does not look at the terminal.
 */
export function chooseIconSet(flag: IconSet | undefined, env: Readonly<Record<string, string | undefined>>, live: boolean): { set: IconSet; why: string } {
  if (flag) return { set: flag, why: '--icons' };
  const fromEnv = parseIconSet(env.TILEBAR_ICONS);
  if (fromEnv) return { set: fromEnv, why: '$TILEBAR_ICONS' };
  if (live && (env.TERM_PROGRAM === 'WezTerm' || env.WEZTERM_PANE !== undefined)) return { set: 'nerd', why: 'WezTerm draws Nerd Font symbols' };
  if (live && (env.KITTY_WINDOW_ID !== undefined || env.TERM === 'xterm-kitty')) return { set: 'nerd', why: 'kitty draws Nerd Font symbols' };
  return { set: 'unicode', why: 'the default (set TILEBAR_ICONS=nerd with a Nerd Font)' };
}

/** Private-use code points: where Nerd Fonts put their glyphs; tofu in any other font. */
const PRIVATE_USE = /[\ue000-\uf8ff\u{f0000}-\u{ffffd}\u{100000}-\u{10fffd}]/u;
const PRIVATE_USE_ALL = new RegExp(PRIVATE_USE.source, 'gu');

/** The decorations the layout draws itself, per set: `ascii` is ASCII through and through. */
export interface Decorations {
  ellipsis: string;
  box: { tl: string; tr: string; bl: string; br: string; rtl: string; rtr: string; rbl: string; rbr: string; h: string; v: string };
  shade: { blurred: string; hard: string };
}

export const DECORATIONS: Readonly<Record<IconSet, Decorations>> = {
  nerd: { ellipsis: '…', box: { tl: '┌', tr: '┐', bl: '└', br: '┘', rtl: '╭', rtr: '╮', rbl: '╰', rbr: '╯', h: '─', v: '│' }, shade: { blurred: '░', hard: '▌' } },
  unicode: { ellipsis: '…', box: { tl: '┌', tr: '┐', bl: '└', br: '┘', rtl: '╭', rtr: '╮', rbl: '╰', rbr: '╯', h: '─', v: '│' }, shade: { blurred: '░', hard: '▌' } },
  ascii: { ellipsis: '~', box: { tl: '+', tr: '+', bl: '+', br: '+', rtl: '.', rtr: '.', rbl: "'", rbr: "'", h: '-', v: '|' }, shade: { blurred: ':', hard: '|' } },
};

/**
 * Text as a set can show it. Without Nerd Fonts, their private-use glyphs (a config's launcher icons, a
 * workspace named with one) are left out, and a text that was nothing else becomes `?` so it stays visible and
 * clickable. In `ascii`, the binary clock's cells become `#` and `.`, a braille pair its two digits.
 */
export function textForSet(text: string, set: IconSet): string {
  let out = text;
  if (set !== 'nerd' && PRIVATE_USE.test(out)) {
    const stripped = out.replace(PRIVATE_USE_ALL, '').replace(/\s{2,}/g, ' ');
    out = stripped.trim() === '' ? '?' : stripped;
  }
  if (set === 'ascii' && /[^\x00-\x7f]/.test(out)) out = out.replace(/[●■]/g, '#').replace(/[·□]/g, '.').replace(/[\u2800-\u28ff]/g, brailleDigits).replace(/…/g, '~');
  return out;
}

/** A braille cell of the compact binary clock (left dots the tens, right the units) as its two digits. */
function brailleDigits(ch: string): string {
  const mask = (ch.codePointAt(0) ?? 0x2800) - 0x2800;
  const digit = (dots: readonly number[]) => dots.reduce((n, bit, row) => n + ((mask & bit) !== 0 ? [8, 4, 2, 1][row] ?? 0 : 0), 0);
  return `${digit([0x01, 0x02, 0x04, 0x40])}${digit([0x08, 0x10, 0x20, 0x80])}`;
}

/** Powerline half circles for rounded group caps (nerd), else none. */
export const ROUNDED_CAPS = { left: u(0xe0b6), right: u(0xe0b4) } as const;
