/**
 * The window managers, one entry each: how it is found, how its source starts, what `check` warns of on it and
 * what it has of komorebi's own features. This list is the only place a manager is named — `--tiler`'s choices
 * and help, detection, the live bar's source and `check` derive from it — so a new manager (river, niri) is its
 * files plus one entry here (or one entry passed in, as test/tiler/extra-manager.test.ts does).
 *
 * Entries import their sources and translators when they start or check: the command line lists the managers
 * without loading any of them.
 */
import { join } from 'node:path';
import { windowsPipePath } from '../io/pipe-name.js';
import type { Timers } from '../scheduler/timers.js';
import type { TilerSource, TilerSourceEvents, Translator } from './manager.js';
import { COMMAND_SOCKET } from './komorebi-socket.js';
import { askSocketPath, runtimeI3Socket } from './socket-path.js';
import { wordList } from '../text/word-list.js';

export interface DetectInput {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
  /** komorebi's data directory (and whether the user named it with --tiler-socket-dir). */
  komorebiDir: string;
  komorebiDirGiven?: boolean;
  /** Ask a running i3 for its socket; absent: not asked (check never starts a program). */
  askI3?: () => Promise<string | undefined>;
}

/**
 * One way a manager is found. Every manager's steps are tried together in `order` (a name given by the user,
 * then the session's variables, then what is on disk or the platform, then asking a program), so that one
 * manager's variable outranks another's leftover socket whatever the list's order.
 */
export interface DetectionStep {
  order: number;
  /** What it looks for, for `--tiler`'s help ("SWAYSOCK"); absent: not worth naming there. */
  clue?: string;
  /** What it looked for here, for the "none found" message; absent: it did not look. */
  looked?: (input: DetectInput) => string | undefined;
  /** Why this manager is the one here, in the user's words; undefined: not found this way. */
  found: (input: DetectInput) => string | undefined | Promise<string | undefined>;
}

export interface SourceContext {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  timers: Timers;
  exists: (path: string) => boolean;
  /** komorebi's data directory (komorebi.sock); unused on Windows, where named pipes carry everything. */
  komorebiDir: string;
  /** Windows named-pipe path for a name (tests: a socket path). */
  pipePath?: (name: string) => string;
}

export interface WindowManager {
  name: string;
  detection: readonly DetectionStep[];
  /** What of komorebi's own the Tiler widget can show here; `check` warns of what it cannot. */
  features: { containerLocks: boolean; configurationSwitch: boolean };
  /** What translates the bar's messages here, named for `check`; undefined: every message goes as it is. */
  translator(platform: NodeJS.Platform): Promise<{ name: string; translate: Translator<unknown> } | undefined>;
  /** Its source, started: keeps the Tiler state current and carries out the bar's messages. */
  start(ctx: SourceContext, events: TilerSourceEvents): Promise<TilerSource>;
}

const i3Like = (name: 'i3' | 'sway', variable: string, order: number): WindowManager => ({
  name,
  detection: [
    { order, clue: variable, looked: () => variable, found: (input) => (input.env[variable] ? `${variable} is set` : undefined) },
    ...(name === 'i3'
      ? [
          {
            order: 50,
            looked: (input: DetectInput) => (input.env.DISPLAY && input.askI3 ? 'i3 on this display' : undefined),
            found: async (input: DetectInput) => {
              if (!input.env.DISPLAY || !input.askI3) return undefined;
              const path = await input.askI3().catch(() => undefined);
              return path ? `i3 --get-socketpath answered ${path}` : undefined;
            },
          },
        ]
      : []),
  ],
  features: { containerLocks: false, configurationSwitch: false },
  async translator() {
    const { i3Commands } = await import('./translate-i3.js');
    return { name, translate: i3Commands };
  },
  async start(ctx, events) {
    const { startI3Source } = await import('./i3-source.js');
    return startI3Source({ manager: name, timers: ctx.timers, events, socketPath: async () =>
        // i3 without I3SOCK or the DISPLAY its --get-socketpath needs: the socket where i3 makes it.
        ctx.env[variable] || (await askSocketPath(name, ctx.env)) || (name === 'i3' ? runtimeI3Socket(ctx.env) : undefined),
    });
  },
});

const komorebi: WindowManager = {
  name: 'komorebi',
  detection: [
    { order: 10, found: (input) => (input.komorebiDirGiven ? '--tiler-socket-dir is given' : undefined) },
    {
      order: 40,
      clue: 'a komorebi socket',
      looked: (input) => `a komorebi socket in ${input.komorebiDir}`,
      found: (input) => (input.exists(join(input.komorebiDir, COMMAND_SOCKET)) ? `${join(input.komorebiDir, COMMAND_SOCKET)} exists` : undefined),
    },
    // On Windows and macOS it is the only one tilebar knows.
    { order: 41, found: (input) => (input.platform === 'win32' || input.platform === 'darwin' ? `komorebi is the window manager tilebar knows on ${input.platform === 'win32' ? 'Windows' : 'macOS'}` : undefined) },
  ],
  features: { containerLocks: true, configurationSwitch: true },
  async translator(platform) {
    if (platform !== 'win32') return undefined;
    const { komorebicCommands } = await import('./translate-komorebic.js');
    return { name: 'komorebi on Windows', translate: (m) => komorebicCommands(m) };
  },
  async start(ctx, events) {
    if (ctx.platform === 'win32' || ctx.pipePath) {
      const { startKomorebiPipeSource } = await import('./komorebi-pipe.js');
      return startKomorebiPipeSource({ pipePath: ctx.pipePath ?? windowsPipePath, env: ctx.env, timers: ctx.timers, events });
    }
    const { startKomorebiSocketSource } = await import('./komorebi-source.js');
    return startKomorebiSocketSource(ctx.komorebiDir, ctx.timers, events);
  },
};

const hyprland: WindowManager = {
  name: 'hyprland',
  detection: [{ order: 22, clue: 'HYPRLAND_INSTANCE_SIGNATURE', looked: () => 'HYPRLAND_INSTANCE_SIGNATURE', found: (input) => (input.env.HYPRLAND_INSTANCE_SIGNATURE ? 'HYPRLAND_INSTANCE_SIGNATURE is set' : undefined) }],
  features: { containerLocks: false, configurationSwitch: false },
  async translator() {
    const { hyprlandCommands } = await import('./translate-hyprland.js');
    return { name: 'Hyprland', translate: hyprlandCommands('classic') };
  },
  async start(ctx, events) {
    const [{ startHyprlandSource }, { hyprlandDir }] = await Promise.all([import('./hyprland-source.js'), import('../ipc/hyprland-ipc.js')]);
    return startHyprlandSource({ timers: ctx.timers, events, dir: () => (ctx.env.HYPRLAND_INSTANCE_SIGNATURE ? hyprlandDir(ctx.env, ctx.exists) : undefined) });
  },
};

/** sway sets I3SOCK as well as SWAYSOCK: its variable is looked at first. */
export const BUILTIN_MANAGERS: readonly WindowManager[] = [komorebi, i3Like('i3', 'I3SOCK', 21), i3Like('sway', 'SWAYSOCK', 20), hyprland];

/** `--tiler`'s choices: each manager's name, and none. */
export function managerChoices(managers: readonly WindowManager[] = BUILTIN_MANAGERS): string[] {
  return [...managers.map((m) => m.name), 'none'];
}

/** Every manager's detection steps, in the order they are tried. */
export function detectionSteps(managers: readonly WindowManager[] = BUILTIN_MANAGERS): Array<DetectionStep & { manager: string }> {
  return managers.flatMap((m) => m.detection.map((s) => ({ ...s, manager: m.name }))).sort((a, b) => a.order - b.order);
}

/** `--tiler`'s help: the choices and what detection looks for. */
export function tilerHelp(managers: readonly WindowManager[] = BUILTIN_MANAGERS): string {
  const names = managerChoices(managers);
  const clues = detectionSteps(managers).flatMap((s) => (s.clue ? [s.clue] : []));
  return `the window manager the Tiler widgets talk to: ${wordList(names, 'or')} (default: detected from ${clues.join(', ')})`;
}

export function managerNamed(name: string, managers: readonly WindowManager[] = BUILTIN_MANAGERS): WindowManager | undefined {
  return managers.find((m) => m.name === name);
}
