/**
 * Glyphs for the icons widgets ask for, in three sets. `nerd`: Font Awesome 4 and Octicons code points of
 * Nerd Fonts (stable across Nerd Fonts 2 and 3). `unicode`: single-width BMP symbols any font has.
 * `ascii`: letters. Default: nerd when `font_family` names a Nerd Font, else unicode.
 */
import type { IconName } from '../../widgets/icons.js';

export const ICON_SETS = ['nerd', 'unicode', 'ascii'] as const;
export type IconSet = (typeof ICON_SETS)[number];

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

/** A Nerd Font family: "JetBrainsMono Nerd Font", "FiraCode NF", "Hack NFM", "Symbols Nerd Font Mono". */
export function isNerdFont(fontFamily: string | undefined): boolean {
  return !!fontFamily && /nerd\s*font|\bNF[MP]?\b/i.test(fontFamily);
}

export function defaultIconSet(fontFamily: string | undefined): IconSet {
  return isNerdFont(fontFamily) ? 'nerd' : 'unicode';
}

/** Powerline half circles for rounded group caps (nerd), else none. */
export const ROUNDED_CAPS = { left: u(0xe0b6), right: u(0xe0b4) } as const;
