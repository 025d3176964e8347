/** The icons widgets ask for, by the original's (Phosphor) names; the renderer picks the glyphs. */
export const ICON_NAMES = [
  'BATTERY_CHARGING', 'BATTERY_FULL', 'BATTERY_HIGH', 'BATTERY_MEDIUM', 'BATTERY_LOW', 'BATTERY_WARNING',
  'CPU', 'MEMORY', 'CALENDAR_DOTS', 'CALENDAR', 'CLOCK', 'KEYBOARD', 'HEADPHONES',
  'SKIP_BACK', 'PLAY', 'PAUSE', 'SKIP_FORWARD',
  'ARROW_FAT_DOWN', 'ARROW_FAT_UP', 'ARROW_FAT_LINES_DOWN', 'ARROW_FAT_LINES_UP',
  'WIFI_HIGH', 'HARD_DRIVES', 'ROCKET_LAUNCH', 'WARNING_CIRCLE', 'LOCK_KEY', 'LOCK_SIMPLE_OPEN', 'ARROW_FAT_LINES_RIGHT',
  'MOON', 'ALARM', 'BREAD', 'BARBELL', 'COFFEE', 'HAMBURGER', 'CLOCK_AFTERNOON', 'FORK_KNIFE', 'MOON_STARS',
  // Layouts and layers (the original draws these by hand).
  'LAYOUT_BSP', 'LAYOUT_COLUMNS', 'LAYOUT_ROWS', 'LAYOUT_VERTICAL_STACK', 'LAYOUT_HORIZONTAL_STACK',
  'LAYOUT_ULTRAWIDE', 'LAYOUT_GRID', 'LAYOUT_RIGHT_MAIN', 'LAYOUT_SCROLLING', 'LAYOUT_MONOCLE',
  'LAYOUT_FLOATING', 'LAYOUT_PAUSED', 'LAYOUT_CUSTOM', 'LAYER_TILING', 'LAYER_FLOATING', 'WINDOW',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** The glyph sets a bar draws icons in (src/render/icons.ts holds the glyphs of each). */
export const ICON_SETS = ['nerd', 'unicode', 'ascii'] as const;
export type IconSet = (typeof ICON_SETS)[number];
