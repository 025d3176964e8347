/**
 * Which source gives the Keyboard widget its layout here (pure: the environment, what is installed and which
 * files exist are given). On Linux and the BSDs by session, most specific first: sway (`SWAYSOCK`: input
 * events), Hyprland (`HYPRLAND_INSTANCE_SIGNATURE`: `activelayout` events), GNOME (`XDG_CURRENT_DESKTOP`: its
 * input sources, watched with `gsettings monitor`), X11 (`DISPLAY`: the XKB group, by events), and failing all
 * of them the system layout (the one `localectl status` shows, not the session's), read from the files
 * systemd-localed reads, every `data_refresh_interval` seconds, with no process started.
 * Windows: a PowerShell helper asking the foreground window's layout, as the original. macOS:
 * `defaults read` of the selected input source, polled.
 */
import { findProgram } from '../io/program-path.js';

export type KeyboardDriver = 'sway' | 'hyprland' | 'gnome' | 'x11' | 'system' | 'windows' | 'macos';

export type KeyboardSource = { driver: KeyboardDriver; why: string } | { driver?: undefined; problem: string };

/**
 * The files systemd-localed reads the system keyboard settings from (localectl only asks it): Debian's and
 * Ubuntu's keyboard(5), other systems' X11 snippet written by localed, and vconsole.conf(5). Read directly,
 * they need neither systemd running (containers, WSL 1) nor a process per poll.
 */
export const SYSTEM_KEYBOARD_FILES = {
  defaultKeyboard: '/etc/default/keyboard',
  xorgKeyboard: '/etc/X11/xorg.conf.d/00-keyboard.conf',
  vconsole: '/etc/vconsole.conf',
} as const;

/** `exists`: whether a path exists (a stat; no process started). */
export function keyboardSourceFor(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, hasCommand: (name: string) => boolean, exists: (path: string) => boolean): KeyboardSource {
  if (platform === 'win32') return { driver: 'windows', why: 'the foreground window’s layout, through PowerShell' };
  if (platform === 'darwin') return { driver: 'macos', why: 'the selected input source (defaults read com.apple.HIToolbox), polled' };
  if (env.SWAYSOCK) return { driver: 'sway', why: `sway's input events (SWAYSOCK)` };
  if (env.HYPRLAND_INSTANCE_SIGNATURE) return { driver: 'hyprland', why: `Hyprland's activelayout events (HYPRLAND_INSTANCE_SIGNATURE)` };
  if (/gnome/i.test(env.XDG_CURRENT_DESKTOP ?? '') && hasCommand('gsettings')) return { driver: 'gnome', why: 'GNOME input sources (gsettings monitor)' };
  if (env.DISPLAY) return { driver: 'x11', why: `the X server's keyboard group (DISPLAY=${env.DISPLAY})` };
  const files = Object.values(SYSTEM_KEYBOARD_FILES);
  const found = files.find(exists);
  if (found) return { driver: 'system', why: `the system keyboard layout (${found}), polled` };
  return { problem: `no keyboard layout source in this session: not sway (SWAYSOCK), Hyprland (HYPRLAND_INSTANCE_SIGNATURE), GNOME or X11 (DISPLAY), and no system keyboard layout (${files.join(', ')}); the widget is hidden` };
}

/** Is `name` a program on `PATH`'s absolute entries, as the sources will start it (io/program-path.ts)? (a stat per directory; no process started) */
export function onPath(env: Readonly<Record<string, string | undefined>>, exists: (path: string) => boolean, name: string, platform: NodeJS.Platform = process.platform): boolean {
  return findProgram(name, { env, platform, isProgram: exists }).ok;
}
