/**
 * Only the bar's user steers the bar, config discovery included: a config's clicks run commands, so a file that
 * discovery finds (`$XDG_CONFIG_HOME/tilebar/bar.json` and the rest) is read only when it passes the trust rule
 * (src/io/trust.ts, docs/trust.md), checked on the opened descriptor. Where discovery looks may be a directory
 * others can write (`XDG_CONFIG_HOME` set to a shared place): another real user (`nobody`, through setpriv, so the
 * suite must run as root) plants a config there — its own file, or a link to a root-owned `/proc/<pid>/cmdline`
 * whose text it wrote — before the feed starts and while it runs. The feed never takes it up and is never frozen
 * by it: the place is passed over (said once in the log, and by `check`), and the user's own lower-ranked file is
 * used and followed through its saves, before and after the planted file goes. The built feed runs as a child
 * process, its stdout a pipe, as tmux runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, symlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNPRIVILEGED } from '../tty/tmux.js';
import { until } from '../wait.js';
import { startTmuxFeed, type FeedChild } from './feed-child.js';
import { saveConfig } from '../support/bar-config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { childEnv } from '../support/child-env.js';
import { tilebarArgs } from '../support/tilebar-command.js';

const asRoot = process.getuid?.() === 0;
const cleanups = cleanupsAfterEach();

const dateConfig = (text: string) => JSON.stringify({ left_widgets: [{ Date: { enable: true, format: { Custom: text }, label_prefix: 'None' } }], right_widgets: [] });

/** `nobody` writes a config saying PLANTED at `dir`/tilebar/bar.json. */
function plant(dir: string): void {
  const script = `mkdir -p '${dir}/tilebar' && printf '%s' '${dateConfig('PLANTED')}' > '${dir}/tilebar/bar.json'`;
  const r = spawnSync('setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', 'sh', '-c', script], { cwd: dir, stdio: 'ignore' });
  expect(r.status).toBe(0);
}

/** A home and a shared, world-writable (sticky) directory that $XDG_CONFIG_HOME names. */
async function places(): Promise<{ home: string; shared: string; logFile: string }> {
  const home = await mkdtemp(join(tmpdir(), 'tb-discover-trust-'));
  cleanups.push(() => rm(home, { recursive: true, force: true }));
  chmodSync(home, 0o711);
  await mkdir(join(home, 'run'), { mode: 0o700 });
  const shared = join(home, 'shared');
  await mkdir(shared);
  chmodSync(shared, 0o1777);
  return { home, shared, logFile: join(home, 'tilebar.log') };
}

function startFeed(p: { home: string; shared: string; logFile: string }): FeedChild {
  const feed = startTmuxFeed(p.home, p.logFile, { XDG_CONFIG_HOME: p.shared });
  cleanups.push(() => feed.stop());
  return feed;
}

/** The user's own config, in the home directory: ranked below `$XDG_CONFIG_HOME`'s. */
const writeOwn = (home: string, text: string): Promise<void> => saveConfig(join(home, 'komorebi.bar.json'), dateConfig(text));

/** `nobody` removes its planted directory. */
function unplant(dir: string): void {
  const r = spawnSync('/usr/bin/setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/rm', '-rf', join(dir, 'tilebar')], { stdio: 'ignore' });
  expect(r.status).toBe(0);
}

const passedOver = (log: string): number => log.split('\n').filter((l) => l.includes('is passed over')).length;

describe.skipIf(!asRoot)('a config another user plants where discovery looks', () => {
  it('is passed over by a running feed, said once, and never freezes it: the user’s own file is taken up and followed', async () => {
    const p = await places();
    const feed = startFeed(p);
    await until(() => /feeding tmux from .*config\.example\.json/.test(feed.log()) && feed.line() !== '', () => `the feed to start; its log:\n${feed.log()}`);

    plant(p.shared);
    await until(() => passedOver(feed.log()) > 0, () => `the feed to pass over the planted file; its log:\n${feed.log()}`);
    expect(feed.log()).toContain(`config: ${p.shared}/tilebar/bar.json ($XDG_CONFIG_HOME) is passed over: ${p.shared}/tilebar belongs to another user (uid ${UNPRIVILEGED.uid})`);

    // The user's own file, lower-ranked than the planted place, is taken up and followed through its saves.
    await writeOwn(p.home, 'MINE-1');
    await until(() => feed.line().includes('MINE-1'), () => `the feed to show the user's own file; its line:\n${feed.line()}`);
    for (const text of ['MINE-2', 'MINE-3']) {
      await writeOwn(p.home, text);
      await until(() => feed.line().includes(text), () => `the feed to show save ${text}; its line:\n${feed.line()}\nits log:\n${feed.log()}`);
    }
    // nobody removes and plants again and again (each time after a save of the user's has shown, so the feed has
    // looked in between): said once all the same — another user's churn is no place for the user's log.
    for (let i = 0; i < 4; i++) {
      unplant(p.shared);
      await writeOwn(p.home, `AGAIN-${i}`);
      await until(() => feed.line().includes(`AGAIN-${i}`), () => `the feed to show save AGAIN-${i}; its line:\n${feed.line()}`);
      plant(p.shared);
      await writeOwn(p.home, `PLANTED-AGAIN-${i}`.replace('PLANTED', 'MINE'));
      await until(() => feed.line().includes(`MINE-AGAIN-${i}`), () => `the feed to show save MINE-AGAIN-${i}; its line:\n${feed.line()}`);
    }
    expect(passedOver(feed.log())).toBe(1);
    // The planted file goes: nothing was stuck on it, and the user's saves still show.
    unplant(p.shared);
    await writeOwn(p.home, 'MINE-4');
    await until(() => feed.line().includes('MINE-4'), () => `the feed to show save MINE-4; its line:\n${feed.line()}`);
    expect(feed.out()).not.toContain('PLANTED');
    expect(passedOver(feed.log())).toBe(1);
  });

  it('is passed over by a feed started after it was planted, and by check, which say so', async () => {
    const p = await places();
    plant(p.shared);
    await writeOwn(p.home, 'MINE');
    const feed = startFeed(p);
    await until(() => feed.line().includes('MINE'), () => `the feed to show the user's own file; its line:\n${feed.line()}\nits log:\n${feed.log()}`);
    expect(passedOver(feed.log())).toBe(1);
    const check = spawnSync(process.execPath, tilebarArgs('check'), { cwd: p.home, encoding: 'utf8', env: childEnv({ HOME: p.home, XDG_CONFIG_HOME: p.shared, XDG_CACHE_HOME: join(p.home, 'cache'), XDG_RUNTIME_DIR: join(p.home, 'run') }) });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toContain(`tilebar: config: ${p.shared}/tilebar/bar.json ($XDG_CONFIG_HOME) is passed over: ${p.shared}/tilebar belongs to another user (uid ${UNPRIVILEGED.uid})`);
    expect(check.stderr).toContain(`tilebar: using ${p.home}/komorebi.bar.json (home directory)`);
  });

  // The hostile tester's attack: a non-dumpable process of nobody's has a /proc/<pid>/cmdline of root's whose
  // text it wrote over its arguments; linked where discovery looks, root's feed used to take it up and run its
  // clicks. Needs a C compiler to make such a process.
  it.skipIf(!existsSync('/usr/bin/cc'))('is passed over when it is a link to a /proc/<pid>/cmdline that nobody wrote', async () => {
    const p = await places();
    const source = join(p.home, 'nd.c');
    await saveConfig(source, NON_DUMPABLE_C);
    const program = join(p.home, 'nd');
    const cc = spawnSync('/usr/bin/cc', ['-O', source, '-o', program], { encoding: 'utf8', env: childEnv() });
    expect(cc.status, cc.stderr).toBe(0);
    const planted = JSON.stringify({ left_widgets: [{ Date: { enable: true, format: { Custom: 'PLANTED' }, label_prefix: 'None' } }], right_widgets: [] });
    const child = spawn('/usr/bin/setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', program, planted, ' '.repeat(planted.length + 64)], { stdio: ['ignore', 'pipe', 'ignore'], env: childEnv() });
    const exited = new Promise((r) => child.once('exit', r));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    let ready = '';
    child.stdout.on('data', (c: Buffer) => (ready += c.toString()));
    await until(() => ready.includes('ready'), 'the non-dumpable process to be ready');
    const cmdline = `/proc/${child.pid}/cmdline`;
    const link = spawnSync('/usr/bin/setpriv', [`--reuid=${UNPRIVILEGED.uid}`, `--regid=${UNPRIVILEGED.gid}`, '--clear-groups', '/bin/sh', '-c', `mkdir -p '${p.shared}/tilebar' && ln -s '${cmdline}' '${p.shared}/tilebar/bar.json'`], { stdio: 'ignore' });
    expect(link.status).toBe(0);
    await writeOwn(p.home, 'MINE');
    const feed = startFeed(p);
    await until(() => feed.line().includes('MINE'), () => `the feed to show the user's own file; its line:\n${feed.line()}\nits log:\n${feed.log()}`);
    expect(feed.out()).not.toContain('PLANTED');
    expect(passedOver(feed.log())).toBe(1);
  });
});

/** A process that makes itself non-dumpable (its /proc entries become root's) and writes argv[1] over its arguments. */
const NON_DUMPABLE_C = `#include <sys/prctl.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argc < 3) return 2;
  char *start = argv[0];
  size_t room = (size_t)(argv[argc - 1] + strlen(argv[argc - 1]) - start);
  static char text[65536];
  size_t n = strlen(argv[1]);
  if (n >= sizeof text || n >= room) return 3;
  memcpy(text, argv[1], n);
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  memset(start, ' ', room);
  memcpy(start, text, n);
  printf("ready\\n");
  fflush(stdout);
  for (;;) pause();
}
`;
