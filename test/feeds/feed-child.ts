/**
 * The built `tilebar feed tmux` as a child process with a home of its own, its stdout a pipe, as tmux runs it: its
 * newest line, all it wrote, and its log. Ended (SIGKILL, and waited for) by the cleanup it hands back.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';


export interface FeedChild {
  /** Everything written so far. */
  out(): string;
  /** The newest line written. */
  line(): string;
  log(): string;
  stop(): Promise<void>;
}

/** `env` adds to (or overrides) PATH, HOME, XDG_RUNTIME_DIR (`home`/run, which must exist), XDG_CACHE_HOME and TZ. */
export function startTmuxFeed(home: string, logFile: string, env: Record<string, string> = {}): FeedChild {
  const all = childEnv({ HOME: home, XDG_RUNTIME_DIR: join(home, 'run'), XDG_CACHE_HOME: join(home, 'cache'), TZ: 'UTC', ...env });
  const child = spawn(process.execPath, tilebarArgs('feed', 'tmux', '--log', logFile, '--update-url', 'http://127.0.0.1:9/'), { cwd: home, env: all, stdio: ['pipe', 'pipe', 'pipe'] });
  const end = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return {
    out: () => out,
    line: () => out.trimEnd().split('\n').at(-1) ?? '',
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      child.kill('SIGKILL');
      child.stdin.destroy();
      await end;
    },
  };
}
