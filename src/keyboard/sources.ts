/**
 * The Keyboard widget's sources (I/O), one per driver of detect.ts. Event-driven where the session allows —
 * sway's input events, Hyprland's `activelayout` events, the X server's XKB state events, `gsettings
 * monitor` — else polled every `data_refresh_interval` seconds (the system layout's files, read with no
 * process started; macOS `defaults read`; on Windows a line to a long-lived PowerShell helper, started again
 * with back-off). A source that fails shows `Error` (the original's label), says why once in the log, and is
 * tried again every 5 s; whatever it sends is parsed without throwing.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Timers } from '../scheduler/timers.js';
import { reconnecting } from '../io/reconnect.js';
import { findProgramHere } from '../io/program-path.js';
import { powershellCommand } from '../system/powershell.js';
import { lineHelper, type HelperCommand } from '../system/windows/line-helper.js';
import { I3_MESSAGE, EVENT_BIT, connectI3 } from '../ipc/i3-ipc.js';
import { hyprlandDir, hyprlandRequest } from '../ipc/hyprland-ipc.js';
import { SYSTEM_KEYBOARD_FILES, type KeyboardDriver } from './detect.js';
import { layoutFromGnomeSources, layoutFromHyprlandDevices, layoutFromHyprlandEvent, layoutFromMacDefaults, layoutFromSwayInputs, layoutFromSystemFiles, layoutFromWindowsLine, layoutFromXkbSymbols, type SystemKeyboardFiles } from './parse.js';
import { readTextFile, type ReadOutcome } from '../io/read-text-file.js';
import { LineSplitter } from '../io/lines.js';
import type { KeyboardStatus } from './status.js';
import { parseBoundedJson } from '../io/bounded-json.js';

export const RETRY_MS = 5_000;
/**
 * The longest event line read (Hyprland's socket, `gsettings monitor`): a longer one is dropped as it arrives,
 * never gathered whole first (node:readline has no bound of its own: a peer that never sent a newline grew it
 * without end).
 */
const MAX_EVENT_LINE = 4096;

export interface KeyboardSourceOptions {
  driver: KeyboardDriver;
  env: Readonly<Record<string, string | undefined>>;
  timers: Timers;
  log(message: string): void;
  /** How often polled drivers poll (data_refresh_interval, in seconds × 1000; 0 = every second). */
  refreshMs: number;
  /** The Windows helper to run (tests run a fake); PowerShell with WINDOWS_KEYBOARD_SCRIPT otherwise. */
  helper?: HelperCommand;
  /** How the `system` driver reads a file (tests give fake files); readSystemKeyboardFile otherwise. */
  readFile?: (path: string) => Promise<ReadOutcome>;
}

export interface KeyboardSource {
  close(): void;
}

/** Holds the status, says each new problem once, and reconnects after failures. */
class Reporter {
  private last: KeyboardStatus | undefined;
  private lastProblem: string | undefined;
  /** Whether the source has ever given a layout. */
  private answered = false;
  constructor(
    private readonly onStatus: (s: KeyboardStatus) => void,
    private readonly log: (m: string) => void,
    private readonly driver: string,
  ) {}

  layout(name: string | undefined): void {
    if (name === undefined) return;
    this.lastProblem = undefined;
    this.answered = true;
    if (this.last?.layout === name) return;
    this.last = { layout: name };
    this.onStatus(this.last);
  }

  /** A failure: `Error` once the source has given a layout; before that, the widget stays hidden. `said`: already in the log. */
  failed(why: string, said = false): void {
    if (why !== this.lastProblem && !said) this.log(`keyboard (${this.driver}): ${why}; trying again every ${RETRY_MS / 1000} s`);
    this.lastProblem = why;
    if (!this.answered) {
      if (this.last?.unavailable === why) return;
      this.last = { unavailable: why };
    } else {
      if (this.last?.error === why) return;
      this.last = { error: why };
    }
    this.onStatus(this.last);
  }
}

/** Run a command for its output, bounded in time (5 s) and size (256 KiB); the program found on PATH's absolute entries, never in the current directory. */
function run(name: string, args: string[], env: KeyboardSourceOptions['env']): Promise<string> {
  const found = findProgramHere(name, env);
  if (!found.ok) return Promise.reject(new Error(found.problem));
  const file = found.path;
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 5_000, maxBuffer: 256 * 1024, windowsHide: true, encoding: 'utf8' }, (e, out) => (e ? reject(e) : resolve(out)));
  });
}

export function watchKeyboard(onStatus: (s: KeyboardStatus) => void, opts: KeyboardSourceOptions): KeyboardSource {
  const report = new Reporter(onStatus, opts.log, opts.driver);
  switch (opts.driver) {
    case 'x11':
      return watchX11(report, opts);
    case 'sway':
      return watchSway(report, opts);
    case 'hyprland':
      return watchHyprland(report, opts);
    case 'gnome':
      return watchGnome(report, opts);
    case 'windows':
      return watchWindows(report, opts);
    case 'system':
      return poll(report, opts, () => readSystemLayout(opts.readFile ?? readSystemKeyboardFile));
    case 'macos':
      return poll(report, opts, async () => layoutFromMacDefaults(await run('defaults', ['read', join(opts.env.HOME ?? homedir(), 'Library/Preferences/com.apple.HIToolbox.plist'), 'AppleSelectedInputSources'], opts.env)) ?? fail('no selected input source'));
  }
}

const fail = (why: string): never => {
  throw new Error(why);
};
const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]?.slice(0, 200) ?? '';

/** A system keyboard file, bounded (they are a few hundred bytes) and only if it is a regular file. */
export function readSystemKeyboardFile(path: string): Promise<ReadOutcome> {
  return readTextFile(path, { maxBytes: 64 * 1024 });
}

/**
 * The system layout (parse.ts's layoutFromSystemFiles), from the files systemd-localed reads, read again on
 * every poll: a few hundred bytes each, where `localectl status` was a process and a round trip to localed.
 * An absent file is skipped; one that cannot be read is said only when no other file names a layout.
 * Polled, not watched: localed and debconf replace these files by rename, /etc/X11/xorg.conf.d may not exist
 * until something writes it, and a change reaches a console only at its next login anyway; three small reads
 * per interval are simpler and cheaper than keeping watches on /etc right.
 */
async function readSystemLayout(readFile: (path: string) => Promise<ReadOutcome>): Promise<string> {
  const names = ['defaultKeyboard', 'xorgKeyboard', 'vconsole'] as const;
  const reads = await Promise.all(names.map((name) => readFile(SYSTEM_KEYBOARD_FILES[name])));
  const files: SystemKeyboardFiles = {};
  const problems: string[] = [];
  reads.forEach((read, i) => {
    const name = names[i] ?? 'vconsole';
    if (read.ok) files[name] = read.text;
    else if (read.code !== 'ENOENT' && read.code !== 'ENOTDIR') problems.push(`${SYSTEM_KEYBOARD_FILES[name]}: ${read.problem}`);
  });
  return layoutFromSystemFiles(files) ?? fail(problems[0] ?? `no keyboard layout in ${Object.values(SYSTEM_KEYBOARD_FILES).join(', ')}`);
}

/** A polled driver: read now, then every refresh interval (at least a second). */
function poll(report: Reporter, opts: KeyboardSourceOptions, read: () => Promise<string>): KeyboardSource {
  let closed = false;
  let timer: unknown;
  const tick = async () => {
    try {
      const layout = await read();
      if (!closed) report.layout(layout);
    } catch (e) {
      if (!closed) report.failed(message(e), e instanceof AlreadySaid);
    }
    if (!closed) timer = opts.timers.setTimeout(() => void tick(), Math.max(1000, opts.refreshMs));
  };
  void tick();
  return {
    close() {
      closed = true;
      opts.timers.clearTimeout(timer);
    },
  };
}

/**
 * The event-driven drivers on the one reconnect loop (io/reconnect.ts), tried again every RETRY_MS: a problem
 * is said once until a layout shows the source answers again; an old connection's layouts are not shown.
 */
function reconnectingSource(opts: KeyboardSourceOptions, connect: (failed: (why: string) => void, shown: (layout: string | undefined) => void) => () => void, report: Reporter): KeyboardSource {
  const loop = reconnecting({
    timers: opts.timers,
    firstMs: RETRY_MS,
    maxMs: RETRY_MS,
    connect: (attempt) =>
      connect(
        (why) => attempt.failed(why),
        (layout) => {
          if (!attempt.current) return;
          report.layout(layout);
          if (layout !== undefined) attempt.up();
        },
      ),
    say: (why) => opts.log(`keyboard (${opts.driver}): ${why}; trying again every ${RETRY_MS / 1000} s`),
    down: (why) => report.failed(why, true),
  });
  return { close: () => loop.close() };
}

/** sway: GET_INPUTS, then the `input` events (a layout switch, a keyboard added, a new keymap). */
function watchSway(report: Reporter, opts: KeyboardSourceOptions): KeyboardSource {
  const path = opts.env.SWAYSOCK ?? '';
  return reconnectingSource(
    opts,
    (failed, shown) => {
      const c = connectI3(
        path,
        (type, payload) => {
          const parsed = parseBoundedJson(payload);
          if (!parsed.ok) return;
          const doc = parsed.value;
          if (type === I3_MESSAGE.GET_INPUTS || type === (EVENT_BIT | 21) >>> 0) shown(layoutFromSwayInputs(doc));
        },
        (why) => failed(`sway at ${path}: ${why}`),
      );
      c.send(I3_MESSAGE.SUBSCRIBE, '["input"]');
      c.send(I3_MESSAGE.GET_INPUTS);
      return () => c.close();
    },
    report,
  );
}

function watchHyprland(report: Reporter, opts: KeyboardSourceOptions): KeyboardSource {
  return reconnectingSource(
    opts,
    (failed, shown) => {
      const dir = hyprlandDir(opts.env, existsSync);
      const events = createConnection(join(dir, '.socket2.sock'));
      events.on('error', (e: NodeJS.ErrnoException) => failed(`Hyprland at ${dir}: ${e.code ?? e.message}`));
      events.on('close', () => failed(`Hyprland at ${dir}: the event socket closed`));
      const lines = new LineSplitter(MAX_EVENT_LINE);
      events.on('data', (chunk: Buffer) => {
        for (const line of lines.push(chunk)) if (line.startsWith('activelayout>>')) shown(layoutFromHyprlandEvent(line.slice('activelayout>>'.length)));
      });
      events.on('connect', () => {
        hyprlandRequest(dir, 'j/devices', opts.timers).then(
          (reply) => {
            // Not JSON (or too deep or large): the events will say.
            const parsed = parseBoundedJson(reply);
            if (parsed.ok) shown(layoutFromHyprlandDevices(parsed.value));
          },
          (e: unknown) => failed(`Hyprland at ${dir}: ${message(e)}`),
        );
      });
      return () => events.destroy();
    },
    report,
  );
}

function watchGnome(report: Reporter, opts: KeyboardSourceOptions): KeyboardSource {
  return reconnectingSource(
    opts,
    (failed, shown) => {
      const gsettings = findProgramHere('gsettings', opts.env);
      if (!gsettings.ok) {
        failed(gsettings.problem);
        return () => undefined;
      }
      run(gsettings.path, ['get', 'org.gnome.desktop.input-sources', 'mru-sources'], opts.env).then(
        (out) => shown(layoutFromGnomeSources(out)),
        (e: unknown) => failed(`gsettings: ${message(e)}`),
      );
      const child = spawn(gsettings.path, ['monitor', 'org.gnome.desktop.input-sources', 'mru-sources'], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.on('error', (e) => failed(`gsettings monitor: ${e.message}`));
      child.on('exit', (code) => failed(`gsettings monitor exited (${code ?? 'signal'})`));
      const lines = new LineSplitter(MAX_EVENT_LINE);
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of lines.push(chunk)) shown(layoutFromGnomeSources(line));
      });
      return () => child.kill();
    },
    report,
  );
}

/** The foreground window's keyboard layout as a culture name (the original's call chain), a line per request. */
export const WINDOWS_KEYBOARD_SCRIPT = String.raw`
Add-Type @"
using System; using System.Runtime.InteropServices;
public static class TilebarKb {
  [DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();
  [DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr hWnd, IntPtr pid);
  [DllImport("user32.dll")] public static extern IntPtr GetKeyboardLayout(uint thread);
}
"@
while (($line = [Console]::In.ReadLine()) -ne $null) {
  try {
    $thread = [TilebarKb]::GetWindowThreadProcessId([TilebarKb]::GetForegroundWindow(), [IntPtr]::Zero)
    $langId = ([TilebarKb]::GetKeyboardLayout($thread).ToInt64() -band 0xFFFF)
    [Console]::Out.WriteLine([Globalization.CultureInfo]::GetCultureInfo([int]$langId).Name)
  } catch { [Console]::Out.WriteLine('Error') }
  [Console]::Out.Flush()
}
`;

/** A failure the source has already said in the log in its own words (the helper's back-off). */
class AlreadySaid extends Error {}

/**
 * Windows: a line to the long-lived helper per poll, answered by a line. A helper that ends or cannot start is
 * started again by a later poll after its back-off (line-helper.ts), never once per poll; one that does not
 * answer within 5 s is ended and backs off the same way.
 */
function watchWindows(report: Reporter, opts: KeyboardSourceOptions): KeyboardSource {
  let waiting: { resolve(layout: string): void; reject(e: Error): void } | undefined;
  let down = 'the PowerShell helper has not started';
  const settle = () => {
    const w = waiting;
    waiting = undefined;
    return w;
  };
  const helper = lineHelper({
    name: 'keyboard (windows): the PowerShell helper',
    command: opts.helper ?? powershellCommand(WINDOWS_KEYBOARD_SCRIPT, opts.env),
    timers: opts.timers,
    log: opts.log,
    keepRunning: false,
    onLine: (line) => {
      const w = settle();
      const layout = layoutFromWindowsLine(line);
      if (layout) helper.answered();
      if (layout) w?.resolve(layout);
      else w?.reject(new Error('the layout could not be read'));
    },
    onEnd: (why) => {
      down = `the PowerShell helper ${why}`;
      settle()?.reject(new AlreadySaid(down));
    },
  });
  const polled = poll(report, opts, () => {
    if (waiting) return Promise.reject(new Error('the PowerShell helper is still busy'));
    if (!helper.ensure()) return Promise.reject(new AlreadySaid(down));
    return new Promise<string>((resolve, reject) => {
      const timer = opts.timers.setTimeout(() => helper.fail('did not answer within 5 s'), 5000);
      const done = (f: () => void) => {
        opts.timers.clearTimeout(timer);
        f();
      };
      waiting = { resolve: (layout) => done(() => resolve(layout)), reject: (e) => done(() => reject(e)) };
      helper.send('');
    });
  });
  return {
    close() {
      polled.close();
      helper.close();
      settle()?.reject(new AlreadySaid('closed'));
    },
  };
}

/** X11: the XKB group and the symbols name, again on every XKB event (a group switch, a new keymap). */
function watchX11(report: Reporter, opts: KeyboardSourceOptions): KeyboardSource {
  return reconnectingSource(
    opts,
    (failed, shown) => {
      let client: X11Client | undefined;
      let closed = false;
      void import('./x11-xkb.js').then(
        ({ openXkb }) =>
          openXkb(opts.env.DISPLAY ?? ':0', (symbols, group) => shown(layoutFromXkbSymbols(symbols, group)), (why) => failed(`X display ${opts.env.DISPLAY ?? ':0'}: ${why}`)).then((c) => {
            if (closed) c.close();
            else client = c;
          }),
        (e: unknown) => failed(`the X11 library could not be loaded (${message(e)})`),
      );
      return () => {
        closed = true;
        client?.close();
      };
    },
    report,
  );
}

interface X11Client {
  close(): void;
}
