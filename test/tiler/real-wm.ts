/**
 * Real window managers for end-to-end tests: i3 under Xvfb (as root is fine) and sway headless (which refuses
 * to run as root, so it runs as `nobody` through setpriv when the tests run as root, as in CI). Each gives its
 * IPC socket, the environment a bar needs to find it, and a one-shot request helper.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv } from '../support/child-env.js';
import { endProcesses, processesMarked } from '../support/marked-processes.js';
import { until } from '../wait.js';
import { startXvfb, stopChild } from '../xvfb.js';
import { I3_MESSAGE, connectI3 } from '../../src/ipc/i3-ipc.js';

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).error === undefined;
export const hasI3 = has('i3', ['--version']) && has('Xvfb', ['-help']);
/** foot, the Wayland terminal Debian's sway recommends: a real window for sway to manage. */
export const hasFoot = has('foot', ['--version']);
export const hasSway = has('sway', ['--version']) && (process.getuid?.() !== 0 || has('setpriv', ['--version']));

export interface RealWm {
  socket: string;
  /** What a bar's environment needs to find this manager. */
  env: Record<string, string>;
  ask(type: number, payload?: string): Promise<unknown>;
  command(text: string): Promise<Array<{ success: boolean; error?: string }>>;
  workspaces(): Promise<Array<{ name: string; focused: boolean; output: string }>>;
  /** Ends the manager (and its X server) and waits for them, leaving nothing behind in the temp directory. */
  stop(): Promise<void>;
}

/**
 * Marks everything a manager's session starts (its bars, their modules' `cat | tee`, what a click runs): they
 * inherit the manager's environment but not its life, as they start sessions of their own and outlive it (a
 * Waybar module's `cat` of its pipe and its `tee` stayed, as nobody, after the test's folders were gone).
 */
const SESSION_MARK = 'TILEBAR_TEST_SESSION';

function client(socket: string, dir: string, env: Record<string, string>, children: ChildProcess[], after: () => Promise<void> = async () => undefined): RealWm {
  const ask = (type: number, payload = '') =>
    new Promise<unknown>((resolve, reject) => {
      const c = connectI3(
        socket,
        (_t, reply) => {
          c.close();
          resolve(JSON.parse(reply));
        },
        (why) => reject(new Error(why)),
      );
      c.send(type, payload);
    });
  return {
    socket,
    env,
    ask,
    command: async (text) => (await ask(I3_MESSAGE.RUN_COMMAND, text)) as Array<{ success: boolean; error?: string }>,
    workspaces: async () => (await ask(I3_MESSAGE.GET_WORKSPACES)) as Array<{ name: string; focused: boolean; output: string }>,
    async stop() {
      await Promise.all(children.map(stopChild));
      // What the session started and did not end with it.
      await endProcesses(processesMarked(SESSION_MARK, dir).found);
      await after();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Xvfb on a free display and i3 on it, its socket where the config says; DISPLAY is all a bar needs. `screen`:
 * Xvfb's WIDTHxHEIGHTxDEPTH (the README's pictures take a desktop's width).
 */
export async function startI3(extraConfig = '', screen = '1280x800x24'): Promise<RealWm & { display: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-i3-'));
  const socket = join(dir, 'i3.sock');
  const x = await startXvfb(['-screen', '0', screen]);
  const display = x.display;
  // The version line first: without it i3 may take a config with a `bar` block for a version 3 one.
  writeFileSync(join(dir, 'config'), `# i3 config file (v4)\nipc-socket ${socket}\nfont pango:monospace 8\n${extraConfig}\n`);
  // i3 keeps its error log (and its restart state) in $XDG_RUNTIME_DIR, else in a /tmp/i3-USER.* of its own.
  // In its own directory: what i3 and its bar run (a status command, a click's command) runs there, never in the checkout.
  const i3 = spawn('i3', ['-c', join(dir, 'config')], { cwd: dir, env: childEnv({ DISPLAY: display, XDG_RUNTIME_DIR: dir, [SESSION_MARK]: dir }), stdio: 'ignore' });
  await until(() => existsSync(socket), 'i3');
  return { ...client(socket, dir, { DISPLAY: display }, [i3], () => x.stop()), display };
}

/** sway with the headless backend, as an ordinary user; SWAYSOCK is all a bar needs. */
export async function startSway(config = ''): Promise<RealWm> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-sway-'));
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const socket = join(runtime, 'sway.sock');
  writeFileSync(join(dir, 'config'), `${config}\n`);
  const root = process.getuid?.() === 0;
  if (root) {
    for (const p of [dir, runtime, join(dir, 'config')]) chownSync(p, 65534, 65534);
    chmodSync(dir, 0o755);
  }
  const env = childEnv({ HOME: dir, XDG_RUNTIME_DIR: runtime, WLR_BACKENDS: 'headless', WLR_LIBINPUT_NO_DEVICES: '1', WLR_RENDERER: 'pixman', SWAYSOCK: socket, [SESSION_MARK]: dir });
  const [file, args] = root ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sway', '-c', join(dir, 'config')]] : ['sway', ['-c', join(dir, 'config')]];
  const children = [spawn(file, args as string[], { cwd: dir, env, stdio: 'ignore' })];
  await until(() => existsSync(socket), 'sway');
  return client(socket, dir, { SWAYSOCK: socket }, children);
}

export interface X11Window {
  setTitle(title: string): void;
  close(): void;
}

/** A real X11 window with a title and class, mapped on `display` (i3 manages it); closed with its connection. */
export async function openX11Window(display: string, title: string, cls: string): Promise<X11Window> {
  const require = createRequire(import.meta.url);
  const x11 = require('x11') as {
    createClient(o: { display: string }, cb: (err: Error | null, d: { client: X; screen: Array<{ root: number }> }) => void): { on(e: 'error', f: (e: Error) => void): void };
  };
  interface X {
    AllocID(): number;
    CreateWindow(id: number, parent: number, x: number, y: number, w: number, h: number, border: number, depth: number, cls: number, visual: number, values: object): void;
    ChangeProperty(mode: number, wid: number, prop: number, type: number, format: number, data: string | Buffer): void;
    MapWindow(id: number): void;
    terminate(): void;
    atoms: Record<string, number>;
  }
  return new Promise((resolve, reject) => {
    const conn = x11.createClient({ display }, (err, d) => {
      if (err) {
        reject(err);
        return;
      }
      const X = d.client;
      const root = d.screen[0]?.root ?? 0;
      const id = X.AllocID();
      X.CreateWindow(id, root, 0, 0, 200, 100, 0, 0, 0, 0, {});
      X.ChangeProperty(0, id, X.atoms.WM_NAME ?? 39, X.atoms.STRING ?? 31, 8, title);
      X.ChangeProperty(0, id, X.atoms.WM_CLASS ?? 67, X.atoms.STRING ?? 31, 8, `${cls}\0${cls}\0`);
      X.MapWindow(id);
      resolve({ setTitle: (t) => X.ChangeProperty(0, id, X.atoms.WM_NAME ?? 39, X.atoms.STRING ?? 31, 8, t), close: () => X.terminate() });
    });
    conn.on('error', reject);
  });
}
