/**
 * Edits of a running bar's config as a user makes them (issue 43): `cp` over the file truncates it, then writes,
 * and a bar that reads between the two must take the copy as one reload, with no "the file is empty" and no
 * rejection before it; a save that really leaves the file empty still says so. Every read of the config is
 * recorded, so the test makes its second step only once the bar has read the first.
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import type { BarSnapshot } from '../../src/app/store.js';
import { until } from '../wait.js';
import { startBar } from './live-bar-harness.js';

const reads = vi.hoisted(() => [] as string[]);
vi.mock('../../src/io/read-text-file.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/io/read-text-file.js')>();
  return {
    ...real,
    readTextFile: async (...args: Parameters<typeof real.readTextFile>) => {
      const outcome = await real.readTextFile(...args);
      if (outcome.ok) reads.push(outcome.text);
      return outcome;
    },
  };
});

const cpu = { Cpu: { enable: true, label_prefix: 'Text', data_refresh_interval: 2 } };
const time = { Time: { enable: true, format: 'TwentyFourHour' } };
const kinds = (s: BarSnapshot) => [...s.model.left, ...s.model.center, ...s.model.right].map((w) => w.kind);

describe('LiveBar: a config edited as users do', () => {
  it('a copy over the config (truncated, then written) is a reload: no "empty" and no rejection in the log', async () => {
    const b = await startBar({ config: { left_widgets: [], right_widgets: [cpu, time] } });
    reads.length = 0;
    await writeFile(b.file, '');
    await until(() => reads.includes(''), 'the bar to read the truncated file');
    await writeFile(b.file, JSON.stringify({ left_widgets: [], right_widgets: [time] }));
    await b.until((s) => kinds(s).join() === 'Time', 'the copied config (Time alone) in the snapshot');
    expect(b.snap().message).toBeUndefined();
    expect(b.log.join('\n')).not.toMatch(/the file is empty| rejected/);
    expect(b.log.join('\n')).toMatch(/config .*bar\.json reloaded/);
  });

  it('a save that leaves the file empty is said, and the last good config stays', async () => {
    const b = await startBar({ config: { left_widgets: [], right_widgets: [cpu, time] } });
    await writeFile(b.file, '');
    await b.until((s) => s.message !== undefined, 'a message about the empty file');
    expect(b.snap().message).toMatch(/the file is empty/);
    expect(kinds(b.snap())).toEqual(['Cpu', 'Time']);
    expect(b.log.join('\n')).toMatch(/bar\.json rejected; the last good config stays:\n.*the file is empty/);
  });
});
