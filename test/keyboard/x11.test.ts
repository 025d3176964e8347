/**
 * The Keyboard widget's X11 source against a real X server (Xvfb, kept from resetting so the keymap stays
 * when clients leave) with `setxkbmap -layout us,de`: the layout, a group switch and a new keymap, each seen
 * within a second, by XKB events (no polling).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import x11 from 'x11';
import { watchKeyboard, type KeyboardSource } from '../../src/keyboard/sources.js';
import type { KeyboardStatus } from '../../src/keyboard/status.js';
import { realTimers } from '../../src/scheduler/timers.js';

const hasXvfb = spawnSync('Xvfb', ['-help'], { stdio: 'ignore' }).status !== null && spawnSync('setxkbmap', ['-help'], { stdio: 'ignore' }).error === undefined;
const display = `:${100 + (process.pid % 400)}`;
let xvfb: ChildProcess | undefined;

/** Lock the X keyboard's group, as a layout-switch key would (XKB LatchLockState). */
function lockGroup(group: number): Promise<void> {
  return new Promise((resolve, reject) => {
    (x11 as { createClient(o: object, cb: (e: Error | null, d: { client: { require(n: string, cb: (e: Error | null, xkb: Record<string, (...a: unknown[]) => void> & { UseCoreKbd: number }) => void): void; terminate(): void } }) => void): void }).createClient({ display }, (err, d) => {
      if (err) return reject(err);
      d.client.require('xkb', (e, xkb) => {
        if (e) return reject(e);
        xkb.UseExtension?.(1, 0, () => {
          xkb.LatchLockState?.(xkb.UseCoreKbd, 0, 0, true, group, 0, 0, false, 0);
          setTimeout(() => {
            d.client.terminate();
            resolve();
          }, 100);
        });
      });
    });
  });
}

beforeAll(async () => {
  if (!hasXvfb) return;
  xvfb = spawn('Xvfb', [display, '-noreset', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await vi.waitFor(() => expect(existsSync(`/tmp/.X11-unix/X${display.slice(1)}`)).toBe(true), { timeout: 10_000 });
  await vi.waitFor(() => expect(spawnSync('setxkbmap', ['-display', display, '-layout', 'us,de']).status).toBe(0), { timeout: 5000 });
});
afterAll(() => xvfb?.kill());

describe.skipIf(!hasXvfb)('the keyboard layout from a real X server', () => {
  let source: KeyboardSource | undefined;
  afterAll(() => source?.close());

  it('shows the group’s layout and follows a group switch and a new keymap within a second', { timeout: 20_000 }, async () => {
    const statuses: KeyboardStatus[] = [];
    const logs: string[] = [];
    source = watchKeyboard((s) => statuses.push(s), { driver: 'x11', env: { DISPLAY: display }, timers: realTimers, log: (m) => logs.push(m), refreshMs: 10_000 });
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ layout: 'us' }), { timeout: 5000 });

    let at = Date.now();
    await lockGroup(1);
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ layout: 'de' }), { timeout: 1000 });
    expect(Date.now() - at).toBeLessThan(1100);

    at = Date.now();
    expect(spawnSync('setxkbmap', ['-display', display, '-layout', 'fr,us']).status).toBe(0);
    await vi.waitFor(() => expect(statuses.at(-1)?.layout).toMatch(/^(fr|us)$/), { timeout: 1000 });
    await lockGroup(0);
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ layout: 'fr' }), { timeout: 1000 });
    expect(logs).toEqual([]);
  });

  it('says Error, and why once, when the display cannot be reached', { timeout: 10_000 }, async () => {
    const statuses: KeyboardStatus[] = [];
    const logs: string[] = [];
    const s = watchKeyboard((st) => statuses.push(st), { driver: 'x11', env: { DISPLAY: ':999' }, timers: realTimers, log: (m) => logs.push(m), refreshMs: 10_000 });
    await vi.waitFor(() => expect(statuses.at(-1)?.error).toMatch(/^X display :999: /));
    s.close();
    expect(logs).toHaveLength(1);
  });
});
