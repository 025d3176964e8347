/**
 * Starts the user's core for a front end that found none: this same tilebar (the same executable, or the same
 * Node and script), as `tilebar serve --spawned-by <pid>`, detached from the front end's terminal and process
 * group so that the core outlives the pane or feed that started it, with no window on Windows. Its output goes
 * to the log (what it says before its own log is open: a crash at start); it reads nothing.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, realpathSync } from 'node:fs';

export interface SpawnPlan {
  file: string;
  args: string[];
}

/**
 * How this process was started, for starting the core the same way: a single executable runs itself; the npm
 * package runs Node (by its absolute path) on the script it runs now, through its real path. Undefined when this
 * process is not tilebar's command (a test runner): then a front end cannot start a core by itself.
 */
export function corePlan(spawnerPid: number, how: { sea: boolean; launchFlags: readonly string[]; execPath?: string; script?: string | undefined }): SpawnPlan | undefined {
  const { sea, launchFlags, execPath = process.execPath, script = process.argv[1] } = how;
  const tail = ['serve', '--spawned-by', String(spawnerPid)];
  if (sea) return { file: execPath, args: tail };
  if (script === undefined) return undefined;
  // Judged by the file it is, not the path it was run by: npm's `tilebar` command is a link to dist/bundle/main.js,
  // and Node gives a script run through a link the link's path.
  let real: string;
  try {
    real = realpathSync(script);
  } catch {
    return undefined;
  }
  if (!/\b(main|commands)\.(c?js|mjs)$/.test(real)) return undefined;
  // The flags the command's Node is started with (cli/node-launch-flags.ts: no inspector on SIGUSR1), for the core too.
  return { file: execPath, args: [...launchFlags, real, ...tail] };
}

/**
 * Starts the plan detached; its output appended to `logPath`. The core started (`ended` settles when its process
 * ends: a core killed or crashed while it starts is not waited for), or why not. Never throws.
 */
export function spawnCore(plan: SpawnPlan, env: Readonly<Record<string, string | undefined>>, cwd: string, logPath: string | undefined): { ended: Promise<unknown> } | { why: string } {
  let out: number | 'ignore' = 'ignore';
  try {
    if (logPath) out = openSync(logPath, 'a', 0o600);
  } catch {
    out = 'ignore';
  }
  try {
    const child = spawn(plan.file, plan.args, { detached: true, stdio: ['ignore', out, out], windowsHide: true, env: env as NodeJS.ProcessEnv, cwd });
    const ended = new Promise((resolve) => {
      child.once('exit', resolve);
      child.once('error', resolve);
    });
    child.unref();
    return child.pid === undefined ? { why: `could not start ${plan.file}` } : { ended };
  } catch (e) {
    return { why: e instanceof Error ? e.message : String(e) };
  } finally {
    if (typeof out === 'number') closeSync(out);
  }
}
