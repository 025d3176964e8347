/**
 * Which source gives the Keyboard widget its layout here (pure: the environment and what is installed are
 * given). On Linux and the BSDs by session, most specific first: sway (`SWAYSOCK`: input events), Hyprland
 * (`HYPRLAND_INSTANCE_SIGNATURE`: `activelayout` events), GNOME (`XDG_CURRENT_DESKTOP`: its input sources,
 * watched with `gsettings monitor`), X11 (`DISPLAY`: the XKB group, by events), and failing all of them
 * `localectl status` polled every `data_refresh_interval` seconds (the system's layout, not the session's).
 * Windows: a PowerShell helper asking the foreground window's layout, as the original. macOS:
 * `defaults read` of the selected input source, polled.
 */
export type KeyboardDriver = 'sway' | 'hyprland' | 'gnome' | 'x11' | 'localectl' | 'windows' | 'macos';

export type KeyboardSource = { driver: KeyboardDriver; why: string } | { driver?: undefined; problem: string };

/**
 * `systemd`: whether systemd runs this machine (`/run/systemd/system` exists, sd_booted()'s own test):
 * `localectl` asks systemd-localed over the system bus, and without systemd it is installed but only fails
 * ("System has not been booted with systemd"), as in most containers and WSL 1.
 */
export function keyboardSourceFor(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, hasCommand: (name: string) => boolean, systemd: boolean): KeyboardSource {
  if (platform === 'win32') return { driver: 'windows', why: 'the foreground window’s layout, through PowerShell' };
  if (platform === 'darwin') return { driver: 'macos', why: 'the selected input source (defaults read com.apple.HIToolbox), polled' };
  if (env.SWAYSOCK) return { driver: 'sway', why: `sway's input events (SWAYSOCK)` };
  if (env.HYPRLAND_INSTANCE_SIGNATURE) return { driver: 'hyprland', why: `Hyprland's activelayout events (HYPRLAND_INSTANCE_SIGNATURE)` };
  if (/gnome/i.test(env.XDG_CURRENT_DESKTOP ?? '') && hasCommand('gsettings')) return { driver: 'gnome', why: 'GNOME input sources (gsettings monitor)' };
  if (env.DISPLAY) return { driver: 'x11', why: `the X server's keyboard group (DISPLAY=${env.DISPLAY})` };
  if (systemd && hasCommand('localectl')) return { driver: 'localectl', why: 'the system keyboard layout (localectl status), polled' };
  const localectl = hasCommand('localectl') ? 'localectl without systemd running' : 'no localectl';
  return { problem: `no keyboard layout source in this session: not sway (SWAYSOCK), Hyprland (HYPRLAND_INSTANCE_SIGNATURE), GNOME or X11 (DISPLAY), and ${localectl}; the widget is hidden` };
}

/** sd_booted(): systemd is the init system of this machine. */
export const SYSTEMD_MARKER = '/run/systemd/system';

/** Is `name` an executable on `PATH`? (a stat per directory; no process started) */
export function onPath(env: Readonly<Record<string, string | undefined>>, exists: (path: string) => boolean, name: string, platform: NodeJS.Platform = process.platform): boolean {
  const sep = platform === 'win32' ? ';' : ':';
  return (env.PATH ?? '').split(sep).some((dir) => dir && exists(`${dir}/${name}`));
}
