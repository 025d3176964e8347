/**
 * The core killed outright (issue 44: a front end "keeps its last frame meanwhile"): from the moment of the kill
 * until the new core's frames have been shown for a while, no frame a user sees lacks a widget the bar showed
 * before — neither while the core is away, nor in the new core's first frames, taken before its first reads of the
 * sources (a pane's widgets hidden until then would blink). Watched as a user would: a real tmux pane sampled with
 * capture-pane as fast as it answers, and every line an attached Node feed and a thin feed (a shell loop and `cat`)
 * wrote to their host.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_LAUNCH_FLAGS } from '../../src/cli/node-launch-flags.js';
import { thinLoop } from '../../src/feeds/hosts.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { MAIN, tilebarCommand } from '../support/tilebar-command.js';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { until } from '../wait.js';
import { coreSession, type CoreSession } from './core-session.js';

const cleanups = cleanupsAfterEach();

/** Sources that change every second (the CPU, the memory) beside a clock: what a reconnect could blank. */
const CONFIG = {
  left_widgets: [{ Cpu: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } }, { Memory: { enable: true, label_prefix: 'Text', data_refresh_interval: 1 } }],
  right_widgets: [{ Time: { enable: true, format: { Custom: 'T %H:%M:%S' } } }],
};

const CLOCK = /T (\d\d:\d\d:\d\d)/;
/** What of the bar a frame shows. */
const widgetsIn = (text: string) => ({ cpu: /CPU: ?\d+%/.test(text), memory: /RAM: ?\d+%/.test(text), clock: CLOCK.test(text) });
const whole = (text: string) => Object.values(widgetsIn(text)).every(Boolean);
/** The lines a tmux feed wrote, their styles taken out. */
const linesOf = (out: string) => out.split('\n').filter((l) => l.length > 0).map((l) => l.replace(/#\[[^\]]*\]/g, ''));

/** The session's config (the one its feeds read) made this file's. */
function useConfig(s: CoreSession): void {
  writeFileSync(s.config, JSON.stringify(CONFIG));
}

/** Captures a pane as often as tmux answers (a few ms each), keeping every distinct screen, until stopped. */
function sampler(pane: Pane): { frames: string[]; stop(): Promise<void> } {
  const frames: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const screen = pane.capture();
      if (frames.at(-1) !== screen) frames.push(screen);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    frames,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Waits until the clock shown by `read()` has moved twice: at least one whole second of frames drawn since. */
async function twoClockSteps(read: () => string, what: string): Promise<void> {
  const seen = new Set<string>();
  await until(() => {
    const clock = CLOCK.exec(read())?.[1];
    if (clock !== undefined) seen.add(clock);
    return seen.size >= 3;
  }, what);
}

const missing = (frames: readonly string[]) => frames.filter((f) => !whole(f));

describe.skipIf(!hasTmux || process.platform === 'win32')('the last frame kept while the core is replaced', () => {
  it('shows a pane and an attached feed every widget they showed, from the kill until the new core’s frames', async () => {
    const s = await coreSession(cleanups);
    useConfig(s);
    const pane = openPane(tilebarCommand('run', '-c', s.config), { width: 120, height: 3, env: { ...s.env, TILEBAR_STANDALONE: undefined } });
    cleanups.push(() => pane.close());
    const feed = s.feed();
    await pane.waitFor(whole);
    await until(() => whole(linesOf(feed.out()).at(-1) ?? ''), () => `the feed to show every widget: ${linesOf(feed.out()).at(-1)}`);
    await until(() => s.cores().length === 1 && s.status()?.frontEnds.length === 2, () => `both front ends attached to one core\nlog:\n${s.log()}`);

    const [old] = s.cores();
    const watch = sampler(pane);
    cleanups.push(() => watch.stop());
    const feedFrom = feed.out().length;
    process.kill(old as number, 'SIGKILL');
    await until(() => s.cores().some((pid) => pid !== old), 'a new core');
    await until(() => (s.log().match(/front end: attached again/g) ?? []).length >= 2, () => `both front ends to attach again\nlog:\n${s.log()}`);
    // The new core's frames, for as long as its first reads could take and more: its clock moves twice in both.
    await twoClockSteps(() => pane.capture(), 'the pane’s clock to move from the new core');
    await twoClockSteps(() => linesOf(feed.out()).at(-1) ?? '', 'the feed’s clock to move from the new core');
    await watch.stop();

    // The sampling saw the core away (the message said so), so it saw the reconnect's frames.
    const feedLines = linesOf(feed.out().slice(feedFrom));
    expect(watch.frames.some((f) => f.includes('core stopped')), watch.frames.join('\n----\n')).toBe(true);
    expect(feedLines.some((l) => l.includes('core stopped')), feedLines.join('\n')).toBe(true);
    expect({ pane: missing(watch.frames), feed: missing(feedLines) }, 'frames lacking a widget shown before the kill').toEqual({ pane: [], feed: [] });
  });

  it('writes a thin feed’s host no line lacking a widget when a new core starts for it', async () => {
    const s = await coreSession(cleanups);
    useConfig(s);
    const tilebar = `${process.execPath} ${NODE_LAUNCH_FLAGS.join(' ')} ${MAIN}`;
    // The loop as tmux runs it (its `sh -c`), this test its host: what it writes is what tmux would show.
    const loop = spawn('sh', ['-c', thinLoop(`${tilebar} feed tmux --place line --config ${s.config}`)], { env: s.env, cwd: s.dir, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    cleanups.push(() => {
      try {
        process.kill(-(loop.pid as number), 'SIGKILL');
      } catch {
        // Ended already.
      }
    });
    let out = '';
    loop.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await until(() => whole(linesOf(out).at(-1) ?? ''), () => `the thin feed to show every widget: ${linesOf(out).at(-1)}\nlog:\n${s.log()}`);
    const [old] = s.cores();
    const from = out.length;
    process.kill(old as number, 'SIGKILL');
    await until(() => s.cores().some((pid) => pid !== old), 'a new core, started by the loop');
    await until(() => out.length > from, 'the new core’s first line');
    await twoClockSteps(() => linesOf(out).at(-1) ?? '', 'the thin feed’s clock to move from the new core');
    const lines = linesOf(out.slice(from));
    expect(missing(lines), `lines lacking a widget the thin feed showed before:\n${missing(lines).join('\n')}`).toEqual([]);
  });
});
