/**
 * What each keyboard-layout source says, read (pure, never throwing: a source's output is untrusted).
 * Each returns the layout's name, or undefined when the text holds none.
 */
import { boundedLayout } from './status.js';

/** XKB symbols parts that are options, not layouts (`pc+us+de:2+inet(evdev)+group(alt_shift_toggle)`). */
const NOT_LAYOUTS = new Set([
  'pc', 'inet', 'group', 'ctrl', 'compose', 'level3', 'level5', 'lv3', 'lv5', 'terminate', 'altwin', 'capslock', 'caps', 'shift',
  'srvr_ctrl', 'keypad', 'kpdl', 'eurosign', 'rupeesign', 'nbsp', 'japan', 'korean', 'mod_led', 'apple', 'evdev', 'typo', 'numpad', 'grp', 'grp_led', 'empty',
]);

/**
 * X11: the layout of XKB group `group` (0-based) in the symbols name: `pc+us+de:2+ru:3+inet(evdev)` → group
 * 1 is `de`. A part without `:N` is group 1. A variant is dropped (`de(nodeadkeys)` → `de`).
 */
export function layoutFromXkbSymbols(symbols: string, group: number): string | undefined {
  const byGroup = new Map<number, string>();
  for (const part of symbols.slice(0, 4096).split('+')) {
    const m = /^([A-Za-z0-9_-]+)(?:\([^)]*\))?(?::(\d))?$/.exec(part.trim());
    if (!m?.[1] || NOT_LAYOUTS.has(m[1].toLowerCase())) continue;
    const n = m[2] ? Number(m[2]) : 1;
    if (!byGroup.has(n)) byGroup.set(n, m[1]);
  }
  const name = byGroup.get(group + 1);
  return name ? boundedLayout(name) : undefined;
}

/** sway: GET_INPUTS' reply (or an input event's `input`): the first keyboard's `xkb_active_layout_name`. */
export function layoutFromSwayInputs(doc: unknown): string | undefined {
  const inputs = Array.isArray(doc) ? doc : doc && typeof doc === 'object' && 'input' in doc ? [(doc as { input: unknown }).input] : [];
  for (const input of inputs.slice(0, 256)) {
    if (!input || typeof input !== 'object') continue;
    const i = input as Record<string, unknown>;
    if (i.type === 'keyboard' && typeof i.xkb_active_layout_name === 'string') return boundedLayout(i.xkb_active_layout_name);
  }
  return undefined;
}

/**
 * Hyprland: an `activelayout>>KEYBOARD,LAYOUT` event's payload. Names hold commas ("English (US, intl., with
 * dead keys)"), so the keyboard ends at the last comma before the first `(`, or at the last comma.
 */
export function layoutFromHyprlandEvent(payload: string): string | undefined {
  const paren = payload.indexOf('(');
  const head = paren >= 0 ? payload.slice(0, paren) : payload;
  const comma = head.lastIndexOf(',');
  if (comma < 0) return undefined;
  return boundedLayout(payload.slice(comma + 1));
}

/** Hyprland: `j/devices` → the main keyboard's (else the first's) `active_keymap`. */
export function layoutFromHyprlandDevices(doc: unknown): string | undefined {
  const keyboards = doc && typeof doc === 'object' && Array.isArray((doc as { keyboards?: unknown }).keyboards) ? ((doc as { keyboards: unknown[] }).keyboards.slice(0, 256) as unknown[]) : [];
  const valid = keyboards.filter((k): k is Record<string, unknown> => !!k && typeof k === 'object' && typeof (k as Record<string, unknown>).active_keymap === 'string');
  const main = valid.find((k) => k.main === true) ?? valid[0];
  return main ? boundedLayout(main.active_keymap as string) : undefined;
}

/** GNOME: `gsettings get org.gnome.desktop.input-sources mru-sources` → `[('xkb', 'us'), ('ibus', 'mozc')]`: the first. */
export function layoutFromGnomeSources(text: string): string | undefined {
  const m = /\(\s*'([^']*)'\s*,\s*'([^']*)'\s*\)/.exec(text.slice(0, 4096));
  if (!m?.[2]) return undefined;
  // An xkb source is `us` or `de+nodeadkeys`: the layout without its variant.
  return boundedLayout(m[1] === 'xkb' ? (m[2].split('+')[0] ?? '') : m[2]);
}

/** What is read of a system keyboard file: its text, or undefined when the file is absent. */
export interface SystemKeyboardFiles {
  /** `/etc/default/keyboard` (Debian, Ubuntu: keyboard(5), written by debconf's keyboard-configuration). */
  defaultKeyboard?: string | undefined;
  /** `/etc/X11/xorg.conf.d/00-keyboard.conf` (written by systemd-localed elsewhere). */
  xorgKeyboard?: string | undefined;
  /** `/etc/vconsole.conf` (vconsole.conf(5): the console's `KEYMAP=`). */
  vconsole?: string | undefined;
}

/** Longest file text looked at: these files are a few hundred bytes. */
const MAX_FILE_TEXT = 64 * 1024;

/**
 * The system keyboard layout as `localectl status` shows it, from the files systemd-localed reads: the X11
 * layout first, else the console keymap. Debian's localed reads its X11 layout from /etc/default/keyboard
 * instead of 00-keyboard.conf (its "Use Debian specific config files" patch), so where that file exists it
 * alone says the X11 layout. Of a list (`us,de`), the first: the layout a new session starts with.
 */
export function layoutFromSystemFiles(files: SystemKeyboardFiles): string | undefined {
  const x11 = files.defaultKeyboard !== undefined ? shellVariable(files.defaultKeyboard, 'XKBLAYOUT') : xorgOption(files.xorgKeyboard, 'XkbLayout');
  return systemLayoutName(x11) ?? systemLayoutName(files.vconsole === undefined ? undefined : shellVariable(files.vconsole, 'KEYMAP'));
}

/**
 * The first of a list of names from a system file, kept only when it looks like an XKB layout or a console
 * keymap (`de`, `de-latin1`, `jp106`: letters, digits, `_ . + -`), at most MAX_LAYOUT_NAME long.
 */
function systemLayoutName(value: string | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim() ?? '';
  return /^[A-Za-z0-9][A-Za-z0-9_.+-]*$/.test(first) ? boundedLayout(first) : undefined;
}

/**
 * `NAME=value` in a shell-style file (keyboard(5), vconsole.conf(5)): the last assignment wins, as when the
 * shell sources it; the value may be in double or single quotes, and a bare value ends at a blank or `#`.
 */
function shellVariable(text: string, name: string): string | undefined {
  let value: string | undefined;
  for (const line of text.slice(0, MAX_FILE_TEXT).split(/\r?\n|\r/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m?.[1] !== name) continue;
    const raw = m[2] ?? '';
    const quoted = /^"([^"]*)"/.exec(raw) ?? /^'([^']*)'/.exec(raw);
    value = quoted ? quoted[1] : /^[^\s#]*/.exec(raw)?.[0];
  }
  return value;
}

/** `Option "XkbLayout" "us,de"` in an xorg.conf snippet: the first not commented out (option names ignore case). */
function xorgOption(text: string | undefined, option: string): string | undefined {
  for (const line of (text ?? '').slice(0, MAX_FILE_TEXT).split(/\r?\n|\r/)) {
    const m = /^\s*Option\s+"([^"]*)"\s+"([^"]*)"/i.exec(line);
    if (m?.[1]?.toLowerCase() === option.toLowerCase()) return m[2];
  }
  return undefined;
}

/**
 * macOS: `defaults read ~/Library/Preferences/com.apple.HIToolbox.plist AppleSelectedInputSources` → the
 * `"KeyboardLayout Name"` of the selected source; an input method has none, so its `Input Mode` or
 * `Bundle ID` (last dotted part) stands in.
 */
export function layoutFromMacDefaults(text: string): string | undefined {
  const s = text.slice(0, 16_384);
  const name = /"KeyboardLayout Name"\s*=\s*(?:"([^"]*)"|([^;\n]+));/.exec(s);
  if (name) return boundedLayout((name[1] ?? name[2] ?? '').trim());
  const mode = /"Input Mode"\s*=\s*"?([^";\n]+)"?;/.exec(s) ?? /"Bundle ID"\s*=\s*"?([^";\n]+)"?;/.exec(s);
  return mode?.[1] ? boundedLayout(mode[1].trim().split('.').at(-1) ?? '') : undefined;
}

/** Windows: the helper's line, a culture name such as `en-US` (BCP 47 letters, digits and dashes only). */
export function layoutFromWindowsLine(line: string): string | undefined {
  const t = line.trim();
  // The helper prints `Error` when the lookup fails.
  if (t === 'Error') return undefined;
  return /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8}){0,4}$/.test(t) ? t : undefined;
}
