/**
 * `tilebar preview` of the example with nothing given, under the Windows build (Wine): it reads the machine once,
 * and Network and Battery, which Windows reads through a PowerShell helper, have no reading where that helper
 * cannot answer (Wine's powershell.exe is a stub). They are left out and named, as a widget with no reading is on
 * Linux; they were drawn as two empty boxes and a red `?`. In a Wine prefix of the test's own (wine.ts
 * privatePrefix), so a run of the suite using the shared one is not disturbed.
 */
import { copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, RUNNER, SKIP, found, privatePrefix, runBundleUnderWine, wineCouldNotStart, type PrivatePrefix, type WindowsNode } from './wine.js';

let prefix: PrivatePrefix | undefined;
const dirs: string[] = [];
afterAll(async () => {
  prefix?.stop();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(typeof found === 'string')(`preview with no readings under ${RUNNER} (Wine)${SKIP}`, () => {
  it('draws no Network or Battery it has no reading for, and names them beside the frame', async (ctx) => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-windows-unread-'));
    dirs.push(dir);
    copyFileSync(join(ROOT, 'config.example.json'), join(dir, 'config.example.json'));
    prefix = privatePrefix(win, join(dir, 'prefix'), {});
    const base = ['preview', '--config', 'config.example.json', '--at', '2024-09-08T09:05:03Z', '--icons', 'ascii'];
    const printed = runBundleUnderWine(win, dir, [[...base, '--format', 'text'], [...base, '--format', 'json']], { ...prefix.env, LOCALAPPDATA: join(dir, 'AppData', 'Local') });
    const broken = wineCouldNotStart(printed);
    if (broken) ctx.skip(broken);
    const [text, json] = printed;
    expect(text?.status, text?.stderr).toBe(0);
    // Empty boxes (`.. || ''` in ascii) and a battery's `! ?` are what a failed read drew.
    expect(text?.stdout).not.toMatch(/\|\|/);
    expect(text?.stdout).not.toMatch(/\|! \?\|/);
    expect(text?.stdout).toMatch(/CPU: \d+%/);
    expect(text?.stderr).toMatch(/Network right\[1\] +--set network\.received=/);
    expect(text?.stderr).toMatch(/Battery right\[5\] +--set battery=N/);
    const frame = JSON.parse(json?.stdout ?? '') as { sections: Record<string, Array<{ kind: string }>>; missing: Array<{ widget: string }> };
    expect(frame.sections.right?.map((w) => w.kind)).not.toContain('Network');
    expect(frame.sections.right?.map((w) => w.kind)).not.toContain('Battery');
    expect(frame.missing.map((m) => m.widget)).toEqual(expect.arrayContaining(['Network', 'Battery']));
  }, 600_000);
});
