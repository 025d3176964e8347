/**
 * The Windows keyboard-layout helper where PowerShell cannot run (Wine's stub exits at once): polled every
 * second, it is started again after a back-off (5 s doubling), not once per poll.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { realTimers } from '../../src/scheduler/timers.js';
import { eventually } from '../wait.js';
import { watchKeyboard, type KeyboardSource } from '../../src/keyboard/sources.js';
import type { KeyboardStatus } from '../../src/keyboard/status.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { fakePowershell } from '../system/fake-powershell.js';

let source: KeyboardSource | undefined;
afterEach(() => {
  source?.close();
});

/** Lets a child process's exit reach us between fake seconds; a slower machine only means fewer starts. */
const realMoment = () => new Promise((r) => setTimeout(r, 25));

describe('the Windows keyboard helper', () => {
  it('that exits at once is started a few times a minute, not once per poll, and says why once', async () => {
    const powershell = fakePowershell();
    const timers = new FakeTimers();
    const logs: string[] = [];
    const statuses: KeyboardStatus[] = [];
    source = watchKeyboard((s) => statuses.push(s), { driver: 'windows', env: {}, timers, log: (m) => logs.push(m), refreshMs: 1000, helper: powershell.command });
    for (let s = 0; s < 60; s++) {
      await realMoment();
      await timers.advance(1000);
    }
    await realMoment();
    // 0, 5, 15 and 35 s: four starts in the first minute.
    expect(powershell.starts()).toBeGreaterThan(0);
    expect(powershell.starts()).toBeLessThanOrEqual(4);
    expect(statuses.at(-1)).toHaveProperty('unavailable');
    expect(logs.filter((l) => l.includes('helper'))).toHaveLength(1);
  });

  it('answers each poll from the one helper it started', async () => {
    process.env.FAKE_REPLIES = JSON.stringify({ '': 'de-DE\r\n' });
    const statuses: KeyboardStatus[] = [];
    const helper = { file: process.execPath, args: [join(import.meta.dirname, '../system/fake-line-helper.mjs'), 'echo'] };
    source = watchKeyboard((s) => statuses.push(s), { driver: 'windows', env: {}, timers: realTimers, log: () => undefined, refreshMs: 1000, helper });
    await eventually(() => expect(statuses).toEqual([{ layout: 'de-DE' }]));
  });
});
