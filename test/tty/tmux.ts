/** A real terminal for tests: a detached tmux pane on a private server socket, read with capture-pane. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xterm256Rgb } from '../../src/colour/quantise.js';
import { parseHex, toHex, type Hex } from '../../src/colour/rgb.js';
import { childEnv, envCommand } from '../support/child-env.js';
import { PATIENCE_MS, until } from '../wait.js';

export const hasTmux = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;

export interface Pane {
  /** The screen as text; with `escapes`, with its colours as SGR sequences. */
  capture(escapes?: boolean): string;
  /** Wait until the screen contains `text` (or the predicate holds), or throw after the tests' patience. */
  waitFor(text: string | ((screen: string) => boolean)): Promise<string>;
  /** Type keys into the pane (tmux key names: `q`, `C-c`). */
  sendKeys(...keys: string[]): void;
  /** Send raw characters as typed input (escape sequences included, e.g. an SGR mouse report). */
  sendText(text: string): void;
  /** The command now running in the pane (`node`, or `sleep` once the program has exited). */
  currentCommand(): string;
  /** The pane's title (what an OSC 2 sequence written to it would set). */
  title(): string;
  /** Lines scrolled off the top of the pane into its history. */
  historySize(): number;
  /**
   * Kills the pane's tmux server and waits (within the tests' patience) for what ran in the pane to end, so a
   * test's directory is removed after the bar's last write to it (its log), not during it.
   */
  close(): Promise<void>;
}

/** Whether a process of the session led by `leader` (what a pane runs, and its children) is still alive. */
function sessionAlive(leader: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's closing parenthesis: state, ppid, pgrp, session, …
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[3]) === leader && fields[0] !== 'Z') return true;
    } catch {
      // gone meanwhile
    }
  }
  return false;
}

export function openPane(command: string, opts: { width?: number; height?: number; env?: Record<string, string | undefined> } = {}): Pane {
  // The server's socket and the program's cache live in one private directory that close() removes: a killed
  // tmux server leaves its socket file behind, and hundreds of runs would fill /tmp/tmux-<uid>.
  const dir = mkdtempSync(join(tmpdir(), 'tilebar-test-'));
  const socket = join(dir, 'tmux');
  // The server's own environment is the test's too: what a pane runs without `env -i` gets nothing of the runner's.
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { encoding: 'utf8', env: childEnv() });
  // A clean environment: the test runner's own FORCE_COLOR, NO_COLOR or CI must not reach the program.
  // Its own cache directory too: the bar's cache of validated models must not go to the runner's home.
  const env = childEnv({ TERM: 'xterm-256color', XDG_CACHE_HOME: join(dir, 'cache'), ...opts.env });
  // `; sleep` keeps the pane open after the command so its last screen can be read.
  tmux('new-session', '-d', '-s', 'test', '-x', String(opts.width ?? 120), '-y', String(opts.height ?? 40), `${envCommand(env)} ${command}; sleep 30`);
  // With escapes, -N keeps trailing cells (a space with a background is a cell the bar drew).
  const capture = (escapes = false) => tmux('capture-pane', '-p', '-t', 'test', ...(escapes ? ['-e', '-N'] : []));
  return {
    capture,
    async waitFor(match) {
      const test = typeof match === 'string' ? (s: string) => s.includes(match) : match;
      const deadline = Date.now() + PATIENCE_MS;
      for (;;) {
        const screen = capture();
        if (test(screen)) return screen;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(match)}; screen:\n${screen}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    sendKeys(...keys: string[]) {
      tmux('send-keys', '-t', 'test', ...keys);
    },
    sendText(text: string) {
      tmux('send-keys', '-t', 'test', '-l', text);
    },
    currentCommand() {
      return tmux('display-message', '-p', '-t', 'test', '#{pane_current_command}').trim();
    },
    title() {
      return tmux('display-message', '-p', '-t', 'test', '#{pane_title}').trim();
    },
    historySize() {
      return Number(tmux('display-message', '-p', '-t', 'test', '#{history_size}').trim());
    },
    async close() {
      const leader = Number(spawnSync('tmux', ['-S', socket, 'display-message', '-p', '-t', 'test', '#{pane_pid}'], { encoding: 'utf8' }).stdout.trim());
      spawnSync('tmux', ['-S', socket, 'kill-server'], { env: childEnv(), stdio: 'ignore' });
      // A bar that outlives its terminal is for the tests of that to catch; closing goes on after the patience.
      await until(() => !(leader > 0 && sessionAlive(leader)), 'the pane to end').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A command run as an ordinary user when the tests run as root (as in CI), so that file permissions mean
 * what they mean to users: root reads a chmod 000 file. Files the command needs must be readable by that user.
 */
export const UNPRIVILEGED = { uid: 65534, gid: 65534 };
export function unprivileged(command: string): string {
  return process.getuid?.() === 0 ? `setpriv --reuid=${UNPRIVILEGED.uid} --regid=${UNPRIVILEGED.gid} --clear-groups ${command}` : command;
}

/** A cell of a captured screen: its character and colours (undefined for the terminal's own). */
export interface ScreenCell {
  ch: string;
  fg?: Hex;
  bg?: Hex;
  bold: boolean;
}

// xterm's 16 colours (then its cube and grey ramp, xterm256Rgb): what tmux's basic and 256-colour styles look like.
const BASIC: readonly Hex[] = ['#000000', '#cd0000', '#00cd00', '#cdcd00', '#0000ee', '#cd00cd', '#00cdcd', '#e5e5e5', '#7f7f7f', '#ff0000', '#00ff00', '#ffff00', '#5c5cff', '#ff00ff', '#00ffff', '#ffffff'];
function xterm256(n: number): Hex {
  if (n < 16) return BASIC[n] ?? '#000000';
  const [r, g, b] = xterm256Rgb(n);
  return toHex({ r, g, b });
}

/**
 * Each cell of each line of a screen captured with escapes (`capture(true)`), with its SGR colours. tmux carries
 * the SGR state from one line to the next, so lines are read in order.
 */
export function screenCells(screen: string): ScreenCell[][] {
  const lines: ScreenCell[][] = [];
  let out: ScreenCell[] = [];
  let style: Omit<ScreenCell, 'ch'> = { bold: false };
  for (const part of screen.split(/(\x1b\[[0-9;]*m|\n)/)) {
    if (part === '\n') {
      lines.push(out);
      out = [];
      continue;
    }
    const sgr = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (sgr) {
      const p = (sgr[1] ?? '').split(';').map((n) => (n === '' ? 0 : Number(n)));
      for (let i = 0; i < p.length; i++) {
        const n = p[i] ?? 0;
        if (n === 0) style = { bold: false };
        else if (n === 1) style.bold = true;
        else if (n === 22) style.bold = false;
        else if (n === 39) style.fg = undefined;
        else if (n === 49) style.bg = undefined;
        else if (n >= 30 && n <= 37) style.fg = BASIC[n - 30];
        else if (n >= 40 && n <= 47) style.bg = BASIC[n - 40];
        else if (n >= 90 && n <= 97) style.fg = BASIC[n - 82];
        else if (n >= 100 && n <= 107) style.bg = BASIC[n - 92];
        else if (n === 38 || n === 48) {
          const colour = p[i + 1] === 2 ? toHex({ r: p[i + 2] ?? 0, g: p[i + 3] ?? 0, b: p[i + 4] ?? 0 }) : p[i + 1] === 5 ? xterm256(p[i + 2] ?? 0) : undefined;
          i += p[i + 1] === 2 ? 4 : 2;
          if (n === 38) style.fg = colour;
          else style.bg = colour;
        }
      }
      continue;
    }
    for (const ch of part) out.push({ ch, ...style });
  }
  if (out.length > 0) lines.push(out);
  return lines;
}

/** The background of each cell of each line of a captured screen, as `r;g;b`, or `default` for the terminal's. */
export function cellBackgrounds(screen: string): string[][] {
  const rgb = (hex: Hex) => {
    const { r, g, b } = parseHex(hex);
    return `${r};${g};${b}`;
  };
  return screenCells(screen).map((line) => line.map((c) => (c.bg ? rgb(c.bg) : 'default')));
}

export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}
