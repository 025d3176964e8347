/**
 * Which config file a running bar reads while files come and go (app/config-place.ts), on real files, with
 * timers that never fire: what is seen here is seen by the watches alone, as a user's save is (within a second),
 * not by the stat poll that backs them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigPlace } from '../../src/app/config-place.js';
import type { ConfigFileEvent } from '../../src/bar/config-file.js';
import { configCandidates, type Discovered } from '../../src/config/discover.js';
import type { Timers } from '../../src/scheduler/timers.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { saveConfig } from '../support/bar-config.js';

const never: Timers = { now: () => 0, wallNow: () => 0, setTimeout: () => undefined, clearTimeout: () => undefined };
const places: ConfigPlace[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const p of places.splice(0)) await p.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

function place(found: Discovered, home: string, timers: Timers = never) {
  const events: Array<{ path: string; event: ConfigFileEvent }> = [];
  const better: Discovered[] = [];
  const lines: string[] = [];
  const p = new ConfigPlace(found, configCandidates({}, home), {
    timers,
    log: (l) => void lines.push(l),
    onFileEvent: (event, path) => void events.push({ path, event }),
    onBetter: (to) => void better.push(to),
  });
  places.push(p);
  const texts = () => events.filter((e) => e.event.kind === 'text').map((e) => [e.path, (e.event as { text: string }).text]);
  return { p, events, better, lines, texts };
}

describe('ConfigPlace', () => {
  it('--config in a directory that does not exist yet: the file, once written, and its next edit are seen', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tb-place-'));
    dirs.push(home);
    const file = join(home, 'later', 'deeper', 'bar.json');
    const { p, texts } = place({ path: file, reason: '--config', embedded: false }, home);
    await p.start();
    await saveConfig(file, 'one');
    await eventually(() => expect(texts()).toEqual([[file, 'one']]));
    await saveConfig(file, 'two');
    await eventually(() => expect(texts()).toEqual([[file, 'one'], [file, 'two']]));
  });

  it('on the embedded example: a file written to ~/.config/tilebar is offered, and once moved to, it is read and watched', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tb-place-'));
    dirs.push(home);
    const example = join(home, 'example.json');
    await saveConfig(example, 'example');
    const { p, better, texts, lines } = place({ path: example, reason: 'embedded default', embedded: true }, home);
    await p.start('example');
    const file = join(home, '.config', 'tilebar', 'bar.json');
    await saveConfig(file, 'mine');
    await eventually(() => expect(better.at(-1)).toEqual({ path: file, reason: '~/.config', embedded: false }));
    expect(p.shouldMoveTo(better.at(-1)!)).toBe(true);
    await p.moveTo(better.at(-1)!);
    expect(lines).toContain(`config: now ${file} (~/.config: it appeared, and ranks above config.example.json (embedded))`);
    await eventually(() => expect(texts()).toEqual([[file, 'mine']]));
    await saveConfig(file, 'edited');
    await eventually(() => expect(texts().at(-1)).toEqual([file, 'edited']));
    // ~/komorebi.bar.json ranks below: it moves nothing. The example is no longer watched.
    await saveConfig(join(home, 'komorebi.bar.json'), 'lower');
    await saveConfig(example, 'example edited');
    await saveConfig(file, 'last');
    await eventually(() => expect(texts().at(-1)).toEqual([file, 'last']));
    expect(texts().some(([path]) => path !== file)).toBe(false);
    expect(better).toHaveLength(1);
  });

  it('a discovered file removed: says the last good config stays, and is not left for a lower-ranked one', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tb-place-'));
    dirs.push(home);
    const file = join(home, '.config', 'tilebar', 'bar.json');
    await saveConfig(file, 'mine');
    await saveConfig(join(home, 'komorebi.bar.json'), 'lower');
    const timers = new FakeTimers();
    const { p, lines, events, better } = place({ path: file, reason: '~/.config', embedded: false }, home, timers);
    await p.start('mine');
    await rm(file);
    // A fault is shown when it outlasts its grace (an editor deletes before it writes): the fake clock ends it.
    await eventually(async () => {
      await timers.advance(2_000);
      expect(events.at(-1)).toMatchObject({ path: file, event: { kind: 'fault', code: 'ENOENT' } });
    });
    expect(lines).toContain(`config: ${file} is gone; the bar keeps its last good config until it is written again or a file that ranks above it appears (one that ranks below is taken at the next start)`);
    await timers.advance(10_000);
    expect(better).toEqual([]);
    await saveConfig(file, 'back');
    await eventually(() => expect(events.at(-1)).toEqual({ path: file, event: { kind: 'text', text: 'back' } }));
    expect(lines.filter((l) => l.startsWith('config: now'))).toEqual([]);
  });
});
