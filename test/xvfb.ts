/**
 * A real X server for tests: Xvfb on a display it picks itself (-displayfd: no guessed number that another run
 * may hold), stopped so that it removes its own lock file and socket under /tmp (a SIGKILL left both behind).
 * They are the one thing the suite puts outside its own temporary directory (X servers keep them in /tmp
 * whatever TMPDIR says), so stopping checks they are gone rather than the end-of-run check.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { childEnv } from './support/child-env.js';
import { PATIENCE_MS } from './wait.js';

export const hasXvfb = spawnSync('Xvfb', ['-help'], { stdio: 'ignore' }).error === undefined;

export interface Xvfb {
  /** `:N`, for DISPLAY. */
  display: string;
  process: ChildProcess;
  /** Ends the server and waits for it to be gone, with its lock file and socket. */
  stop(): Promise<void>;
}

export function startXvfb(args: string[] = []): Promise<Xvfb> {
  const child = spawn('Xvfb', ['-displayfd', '1', '-noreset', '-nolisten', 'tcp', ...args], { env: childEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('Xvfb did not say its display'));
    }, PATIENCE_MS);
    child.once('error', (e) => (clearTimeout(timer), reject(e)));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`Xvfb exited with ${code} before it was ready`))));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const n = out.trim();
      resolve({
        display: `:${n}`,
        process: child,
        stop: () => stopChild(child).then(() => {
          // Xvfb removes both when it ends normally; after a SIGKILL (a child that would not end) they stay.
          const mine = [`/tmp/.X${n}-lock`, `/tmp/.X11-unix/X${n}`];
          for (const f of mine) rmSync(f, { force: true });
          const left = mine.filter((f) => existsSync(f));
          if (left.length > 0) throw new Error(`Xvfb on :${n} left ${left.join(', ')} behind`);
        }),
      });
    });
  });
}

/** SIGTERM, then SIGKILL if the child is still there after a while; resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => (clearTimeout(force), resolve()));
    child.kill('SIGTERM');
  });
}
