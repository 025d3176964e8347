/**
 * The environment of every program a test starts, made from nothing: `childEnv(extra)`. A child never gets the
 * runner's environment, whose HOME, XDG_CONFIG_HOME or own `~/.config/tilebar/bar.json` would beat the test's
 * config, whose XDG_STATE_HOME would take the bar's log, and whose NO_COLOR, TZ or NODE_OPTIONS would change what
 * the test sees. What it gets:
 *
 * - PATH, the runner's (programs are found as the user finds them);
 * - HOME, a directory inside this test file's temporary directory; the XDG_* directories unset, so that they
 *   follow HOME as they do for a user who sets none (a test that gives its own HOME moves them all with it);
 * - TMPDIR, a directory inside this test file's temporary directory that any user may write to, sticky like
 *   /tmp, so a child run as `nobody` has one too, and what it leaves is seen by the end-of-run check;
 * - LANG=C.UTF-8 (terminals and tmux draw the bar's characters), and nothing of the runner's TZ;
 * - TILEBAR_STANDALONE=1: a bar runs in its own process, as the suites before the user's core (issue 44) expect
 *   it to (their process counts, pids and signals); the tests of the core give `TILEBAR_STANDALONE: undefined`;
 * - TILEBAR_TEST_RUN, this run's mark: the end-of-run check (test/setup/temp-check.ts) finds any process left
 *   behind by it, whoever it runs as, since setpriv and `env VAR=…` keep the environment.
 *
 * and then `extra`, where a key given as undefined is left out. The test process itself is sealed alike
 * (sealTestProcess, called by test/setup/temp-dir.ts), so a child started without an `env` gets no more.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The variable that marks every process of one run of the suite; its value is the run's id. */
export const RUN_MARK = 'TILEBAR_TEST_RUN';

/** Where the runner's Windows Node and Wine prefix are kept between runs (scripts/windows-node.mjs). */
export const CI_CACHE = 'TILEBAR_CI_CACHE';

/**
 * What the test process keeps of the environment vitest gave it: PATH, vitest's own variables, and the knobs
 * a developer sets for the suite itself (TILEBAR_RELEASE_DIR: CI's release, made once, that test/package/
 * installs; TILEBAR_WINDOWS_EXE: its tilebar.exe, which the Windows suite then runs). Everything else (the user's places, colours, zone, sessions, tokens) is dropped.
 */
const KEPT = /^(PATH|VITEST.*|TEST|MODE|DEV|PROD|SSR|BASE_URL|NODE_ENV|FORCE_TTY|FUZZ_.+|TILEBAR_RECORD_SPAWNS|TILEBAR_SCREENSHOTS|TILEBAR_WINDOWS_NODE|TILEBAR_WINDOWS_EXE|TILEBAR_NODE_CACHE|TILEBAR_RELEASE_DIR)$/;

/**
 * How this machine reaches the network (its proxies and the certificates of its TLS-inspecting proxy): not the
 * user's, and not read by tilebar. Kept in the test process and handed, by `networkEnv()`, only to a child that
 * must reach a registry (`npm install` in test/package/pack.test.ts).
 */
const NETWORK = /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY)$/;

/** The variables of NETWORK this machine has. */
export function networkEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => NETWORK.test(e[0]) && e[1] !== undefined));
}

/** The places of one test file: its home and the temporary directory its children get. */
function childPlaces(fileDir: string) {
  return { home: join(fileDir, 'home'), tmp: join(fileDir, 'tmp') };
}

/**
 * Seals this test process: drops what is not KEPT and points HOME and TMPDIR into `fileDir` (made by
 * test/setup/temp-dir.ts), so in-process code that reads process.env, and a child started without an env,
 * cannot reach the user's files either. `run` is the run's id and the Windows tool cache's place.
 */
export function sealTestProcess(fileDir: string, run: { id: string; ciCache: string }): void {
  const { home, tmp } = childPlaces(fileDir);
  // Readable by others (a bar run as nobody may look for a config there), writable by its owner only.
  mkdirSync(home, { mode: 0o755 });
  // Like /tmp: anyone may make files, only their owner remove them.
  mkdirSync(tmp);
  chmodSync(tmp, 0o1777);
  for (const key of Object.keys(process.env)) if (!KEPT.test(key) && !NETWORK.test(key)) delete process.env[key];
  Object.assign(process.env, { HOME: home, TMPDIR: fileDir, LANG: 'C.UTF-8', [RUN_MARK]: run.id, [CI_CACHE]: run.ciCache });
}

/** The environment for a child of this test: see the module's comment. */
export function childEnv<E extends Record<string, string | undefined>>(extra: E = {} as E): Record<string, string> & { [K in keyof E]: Exclude<E[K], undefined> } {
  const id = process.env[RUN_MARK];
  const fileDir = process.env.TMPDIR;
  if (!id || !fileDir) throw new Error('childEnv() outside the sealed test run: test/setup/temp-dir.ts (a setupFile) makes the places it hands out');
  const { home, tmp } = childPlaces(fileDir);
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    TMPDIR: tmp,
    LANG: 'C.UTF-8',
    TILEBAR_STANDALONE: '1',
    [RUN_MARK]: id,
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)) as Record<string, string> & { [K in keyof E]: Exclude<E[K], undefined> };
}

/**
 * `env -i K='v' …`: the start of a shell command line that runs what follows in exactly `env` (a childEnv), for a
 * program started through a shell that has an environment of its own (a tmux pane's).
 */
export function envCommand(env: Record<string, string>): string {
  const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  return `env -i ${Object.entries(env).map(([k, v]) => `${k}=${quote(v)}`).join(' ')}`;
}
