/**
 * The Keyboard widget's X11 source against a real X server (Xvfb, kept from resetting so the keymap stays
 * when clients leave) with `setxkbmap -layout us,de`: the layout, a group switch and a new keymap, each seen
 * by XKB events (no polling).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import x11 from 'x11';
import { watchKeyboard, type KeyboardSource } from '../../src/keyboard/sources.js';
import type { KeyboardStatus } from '../../src/keyboard/status.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { eventually } from '../wait.js';
import { hasXvfb as xvfbInstalled, startXvfb, type Xvfb } from '../xvfb.js';

const hasXvfb = xvfbInstalled && spawnSync('setxkbmap', ['-help'], { stdio: 'ignore' }).error === undefined;
let xvfb: Xvfb | undefined;
let display = '';

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
  xvfb = await startXvfb();
  display = xvfb.display;
  await eventually(() => expect(spawnSync('setxkbmap', ['-display', display, '-layout', 'us,de']).status).toBe(0));
});
afterAll(() => xvfb?.stop());

describe.skipIf(!hasXvfb)('the keyboard layout from a real X server', () => {
  let source: KeyboardSource | undefined;
  afterAll(() => source?.close());

  it('shows the group’s layout and follows a group switch and a new keymap', async () => {
    const statuses: KeyboardStatus[] = [];
    const logs: string[] = [];
    source = watchKeyboard((s) => statuses.push(s), { driver: 'x11', env: { DISPLAY: display }, timers: realTimers, log: (m) => logs.push(m), refreshMs: 10_000 });
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'us' }));

    await lockGroup(1);
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'de' }));

    expect(spawnSync('setxkbmap', ['-display', display, '-layout', 'fr,us']).status).toBe(0);
    await eventually(() => expect(statuses.at(-1)?.layout).toMatch(/^(fr|us)$/));
    await lockGroup(0);
    await eventually(() => expect(statuses.at(-1)).toEqual({ layout: 'fr' }));
    expect(logs).toEqual([]);
  });

  it('hides the widget, and says why once, when the display cannot be reached from the start', async () => {
    const statuses: KeyboardStatus[] = [];
    const logs: string[] = [];
    const s = watchKeyboard((st) => statuses.push(st), { driver: 'x11', env: { DISPLAY: ':999' }, timers: realTimers, log: (m) => logs.push(m), refreshMs: 10_000 });
    await eventually(() => expect(statuses.at(-1)?.unavailable).toMatch(/^X display :999: /));
    expect(statuses.some((st) => st.error !== undefined)).toBe(false);
    s.close();
    expect(logs).toHaveLength(1);
  });
});
