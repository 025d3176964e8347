/**
 * Which window manager the Tiler widgets talk to: `--tiler` when given, else the session's own say —
 * `SWAYSOCK` (sway), `I3SOCK` (i3), `HYPRLAND_INSTANCE_SIGNATURE` (Hyprland) — then a komorebi socket in its
 * data directory, then komorebi on Windows and macOS (where it is the only one tilebar knows), then, on an X11
 * session, i3 asked for its socket (`i3 --get-socketpath`, reading the root window's property). Otherwise
 * none: the Tiler widgets say "no window manager" quietly instead of retrying a connection forever.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { COMMAND_SOCKET } from './client.js';
import { MANAGERS, type ManagerChoice } from './manager.js';

export interface Detected {
  manager: ManagerChoice;
  /** Why, in the user's words, for the log and `check`. */
  why: string;
}

export interface DetectInput {
  flag?: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
  /** komorebi's data directory (and whether the user named it with --tiler-socket-dir). */
  komorebiDir: string;
  komorebiDirGiven?: boolean;
  /** Ask a running i3 for its socket; absent: not asked (check never starts a program). */
  askI3?: () => Promise<string | undefined>;
}

export const TILER_CHOICES: readonly ManagerChoice[] = [...MANAGERS, 'none'];

export function isManagerChoice(v: string): v is ManagerChoice {
  return (TILER_CHOICES as readonly string[]).includes(v);
}

export async function detectManager(input: DetectInput): Promise<Detected> {
  const { env, platform } = input;
  if (input.flag !== undefined) {
    if (!isManagerChoice(input.flag)) return { manager: 'none', why: `--tiler ${input.flag} is not one of ${TILER_CHOICES.join(', ')}` };
    return { manager: input.flag, why: `--tiler ${input.flag}` };
  }
  if (input.komorebiDirGiven) return { manager: 'komorebi', why: '--tiler-socket-dir is given' };
  if (env.SWAYSOCK) return { manager: 'sway', why: 'SWAYSOCK is set' };
  if (env.I3SOCK) return { manager: 'i3', why: 'I3SOCK is set' };
  if (env.HYPRLAND_INSTANCE_SIGNATURE) return { manager: 'hyprland', why: 'HYPRLAND_INSTANCE_SIGNATURE is set' };
  if (input.exists(join(input.komorebiDir, COMMAND_SOCKET))) return { manager: 'komorebi', why: `${join(input.komorebiDir, COMMAND_SOCKET)} exists` };
  if (platform === 'win32' || platform === 'darwin') return { manager: 'komorebi', why: `komorebi is the window manager tilebar knows on ${platform === 'win32' ? 'Windows' : 'macOS'}` };
  if (env.DISPLAY && input.askI3) {
    const path = await input.askI3().catch(() => undefined);
    if (path) return { manager: 'i3', why: `i3 --get-socketpath answered ${path}` };
  }
  const looked = ['SWAYSOCK', 'I3SOCK', 'HYPRLAND_INSTANCE_SIGNATURE', `a komorebi socket in ${input.komorebiDir}`, ...(env.DISPLAY && input.askI3 ? ['i3 on this display'] : [])];
  return { manager: 'none', why: `no window manager found; looked for ${looked.join(', ')}` };
}

/** `i3 --get-socketpath` or `sway --get-socketpath`: the socket of the one running on this display, if any. */
export function askSocketPath(program: 'i3' | 'sway', env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(program, ['--get-socketpath'], { timeout: 2000, maxBuffer: 64 * 1024, encoding: 'utf8', env: env as NodeJS.ProcessEnv }, (e, out) => {
      const path = out.trim().split('\n')[0] ?? '';
      resolve(!e && path.startsWith('/') ? path : undefined);
    });
  });
}
