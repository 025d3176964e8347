/**
 * A user's session for the tests that treat the core roughly (test/serve/core-faults.test.ts): a home and a
 * private runtime directory in a temporary directory, the built `tilebar` started there as real processes
 * (foreground cores, tmux feeds writing to a pipe), and what a user would look at: `serve --status`, the core
 * processes of this home, the files in the runtime directory, the log. Everything started is killed, and the
 * directory removed, after each test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StatusReport } from '../../src/channel/protocol.js';
import { childEnv } from '../support/child-env.js';
import type { Cleanup } from '../support/cleanups.js';
import { MAIN, tilebarArgs } from '../support/tilebar-command.js';
import { until } from '../wait.js';

/** A feed's config: the memory every second and a clock, so a live feed's line changes every second. */
export const FEED_CONFIG = {
  left_widgets: [{ Memory: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } }],
  right_widgets: [{ Time: { enable: true, format: { Custom: 'A %H:%M:%S' } } }],
};

export interface Feed {
  child: ChildProcess;
  /** Everything it wrote to its host. */
  out(): string;
}

export interface CoreSession {
  dir: string;
  env: Record<string, string>;
  /** The private runtime directory the core's socket, key and info are in. */
  runDir: string;
  config: string;
  /** What `serve --status --json` says, or undefined when it finds no core. */
  status(): StatusReport | undefined;
  /** The pids of this home's `tilebar serve` processes. */
  cores(): number[];
  /** `tilebar serve` in the foreground; `program`: another build's main.js (other-build.ts). */
  serve(opts?: { program?: string }): ChildProcess;
  /**
   * A tmux feed of the built tilebar, or of `program` (another build's main.js: other-build.ts); run through a
   * link of that name in the session's directory when `link` is given (npm's `tilebar` command is such a link).
   */
  feed(opts?: { program?: string; link?: string }): Feed;
  /** The names in the runtime directory. */
  runFiles(): string[];
  log(): string;
}

/** The pids of the `tilebar serve` processes (not `serve --status`) whose HOME is `home`: one user's cores. */
export function coresOf(home: string): number[] {
  return readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      return cmd.includes('serve') && !cmd.includes('--status') && environ.includes(`HOME=${home}`) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

/** A session of its own; `cleanups` kills what it started and removes its directory. */
export async function coreSession(cleanups: Cleanup[]): Promise<CoreSession> {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-faults-'));
  const home = join(dir, 'home');
  const run = join(home, 'run');
  mkdirSync(run, { recursive: true, mode: 0o700 });
  const env = childEnv({ HOME: home, XDG_RUNTIME_DIR: run, TZ: 'UTC', TILEBAR_STANDALONE: undefined });
  const config = join(dir, 'bar.json');
  writeFileSync(config, JSON.stringify(FEED_CONFIG));
  const children: ChildProcess[] = [];
  const started = (child: ChildProcess) => (children.push(child), child);
  const s: CoreSession = {
    dir,
    env,
    runDir: join(run, 'tilebar'),
    config,
    status() {
      const r = spawnSync(process.execPath, tilebarArgs('serve', '--status', '--json'), { env, encoding: 'utf8' });
      return r.status === 0 ? (JSON.parse(r.stdout) as StatusReport) : undefined;
    },
    cores: () => coresOf(home),
    serve({ program } = {}) {
      const args = tilebarArgs('serve').map((a) => (a === MAIN ? (program ?? MAIN) : a));
      return started(spawn(process.execPath, args, { env, cwd: dir, stdio: 'ignore' }));
    },
    feed({ program, link } = {}) {
      const main = program ?? MAIN;
      let script = main;
      if (link !== undefined) {
        script = join(dir, link);
        if (!existsSync(script)) symlinkSync(main, script);
      }
      const args = tilebarArgs('feed', 'tmux', '-c', config).map((a) => (a === MAIN ? script : a));
      const child = started(spawn(process.execPath, args, { env, cwd: dir, stdio: ['pipe', 'pipe', 'ignore'] }));
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      return { child, out: () => out };
    },
    runFiles() {
      try {
        return readdirSync(join(run, 'tilebar')).sort();
      } catch {
        return [];
      }
    },
    log() {
      try {
        return readFileSync(join(home, '.local', 'state', 'tilebar', 'tilebar.log'), 'utf8');
      } catch {
        return '';
      }
    },
  };
  cleanups.push(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const pid of s.cores()) {
      try {
        process.kill(pid, 'SIGCONT');
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await until(() => s.cores().length === 0, 'the cores to end');
    await rm(dir, { recursive: true, force: true });
  });
  return s;
}

/** The text of a tmux feed's newest line, its styles taken out. */
export const feedLine = (out: string): string => (out.trimEnd().split('\n').at(-1) ?? '').replace(/#\[[^\]]*\]/g, '');
