import { describe, expect, it } from 'vitest';
import { machineReaders } from '../../src/system/readers.js';
import { realTimers, sleeper } from '../../src/scheduler/timers.js';

describe('readers for other platforms', () => {
  it('go through systeminformation, loaded on first use', async () => {
    // systeminformation follows the real platform; what is checked is that the lazy readers work.
    const readers = machineReaders({ platform: 'darwin', sleep: sleeper(realTimers), now: () => performance.now(), update: { url: 'http://127.0.0.1:9/' }, userAgent: 't' });
    const memory = await readers.memory(AbortSignal.timeout(10_000));
    expect(memory.totalBytes).toBeGreaterThan(0);
    expect((await readers.cpu(AbortSignal.timeout(10_000))).percent).toBeGreaterThanOrEqual(0);
  });
});
