/**
 * How many colours to emit. Precedence: an explicit `--color` > NO_COLOR (any non-empty value: none) >
 * FORCE_COLOR (0/false: none; 1/true/empty: at least 16; 2: at least 256; 3: truecolor) > what the
 * terminal says about itself. NO_COLOR beats FORCE_COLOR because it is the user's standing wish, while
 * FORCE_COLOR is usually set by a tool or CI to get colour through a pipe.
 */

export const COLOUR_DEPTHS = ['truecolor', '256', '16', 'none'] as const;
export type ColourDepth = (typeof COLOUR_DEPTHS)[number];
export type ColourChoice = ColourDepth | 'auto';

const RANK: Record<ColourDepth, number> = { none: 0, '16': 1, '256': 2, truecolor: 3 };
const BY_RANK: readonly ColourDepth[] = ['none', '16', '256', 'truecolor'];

export function parseColourChoice(text: string): ColourChoice | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'auto') return 'auto';
  if (t === 'truecolor' || t === '24bit' || t === '16m' || t === 'truecolour') return 'truecolor';
  if (t === '256') return '256';
  if (t === '16') return '16';
  if (t === 'none' || t === 'never' || t === 'off' || t === '0') return 'none';
  return undefined;
}

export interface ColourEnvironment {
  env: Readonly<Record<string, string | undefined>>;
  isTTY: boolean;
  platform?: NodeJS.Platform;
}

/** What the terminal advertises (TERM, COLORTERM, TERM_PROGRAM, ...), ignoring NO_COLOR/FORCE_COLOR. */
export function terminalColourDepth({ env, platform }: Omit<ColourEnvironment, 'isTTY'>): ColourDepth {
  const term = (env.TERM ?? '').toLowerCase();
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (term === 'dumb') return 'none';
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  if (term.endsWith('-direct') || term.includes('truecolor')) return 'truecolor';
  if (env.WT_SESSION || ['iTerm.app', 'WezTerm', 'vscode', 'ghostty'].includes(env.TERM_PROGRAM ?? '')) return 'truecolor';
  if (/^(xterm-kitty|xterm-ghostty|alacritty|foot|wezterm|contour)/.test(term)) return 'truecolor';
  if (term.includes('256')) return '256';
  if (term !== '') return '16';
  // Windows consoles have understood 24-bit escapes since Windows 10 and set no TERM.
  return platform === 'win32' ? 'truecolor' : 'none';
}

export function forcedColourDepth(value: string | undefined): ColourDepth | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'true' || v === '1') return '16';
  if (v === 'false' || v === '0') return 'none';
  if (v === '2') return '256';
  if (v === '3') return 'truecolor';
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? BY_RANK[Math.max(0, Math.min(3, n))] : '16';
}

export function resolveColourDepth(choice: ColourChoice, environment: ColourEnvironment): ColourDepth {
  if (choice !== 'auto') return choice;
  const { env, isTTY } = environment;
  if ((env.NO_COLOR ?? '') !== '') return 'none';
  const forced = forcedColourDepth(env.FORCE_COLOR);
  if (forced === 'none') return 'none';
  const advertised = terminalColourDepth(environment);
  if (forced) return RANK[advertised] > RANK[forced] ? advertised : forced;
  return isTTY ? advertised : 'none';
}

/** The FORCE_COLOR value that makes chalk (inside Ink) emit exactly `depth`: set before Ink is imported. */
export function forceColorFor(depth: ColourDepth): string {
  return String(RANK[depth]);
}
