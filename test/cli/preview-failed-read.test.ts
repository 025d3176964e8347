/**
 * A preview whose read of the machine fails for a source draws that source's widgets as it draws one with no
 * reading: not at all, named beside the frame. Windows reads Network and Battery through a PowerShell helper
 * (src/system/windows/system-helper.ts); where it cannot start (no PowerShell, as under Wine) the read failed,
 * and the preview drew Network as two empty boxes and Battery as a red `?` where Linux leaves them out.
 * Run in process with the platform and the readers given, so it is the same on any machine.
 */
import { describe, expect, it } from 'vitest';
import { previewCommand } from '../../src/cli/preview.js';
import type { SourceReaders } from '../../src/app/readings.js';
import { captureIo } from '../support/capture-io.js';

const HELPER_DOWN = 'the system helper spawn C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe ENOENT';
const failing = () => Promise.reject(new Error(HELPER_DOWN));

/** Fixed readings for what Node reads on every platform, so the frames compare. */
const steady: SourceReaders = {
  cpu: () => Promise.resolve({ percent: 12 }),
  memory: () => Promise.resolve({ totalBytes: 16 * 2 ** 30, usedBytes: 4 * 2 ** 30 }),
  disks: () => Promise.resolve({ disks: [{ mount: 'C:\\', name: 'C:', fsType: 'NTFS', totalBytes: 100 * 2 ** 30, usedBytes: 40 * 2 ** 30, availableBytes: 60 * 2 ** 30, readOnly: false, removable: false }] }),
};

const run = async (platform: NodeJS.Platform, readers: SourceReaders, format: 'text' | 'json') => {
  const c = captureIo({ HOME: '/nonexistent-home', USERPROFILE: 'C:\\Users\\nobody', TZ: 'UTC' }, { platform });
  const code = await previewCommand({ config: 'config.example.json', format, at: '2024-09-08T09:05:03Z', icons: 'ascii', width: '160' }, c.io, { readers });
  return { code, out: c.out(), err: c.err() };
};

describe('preview of the example with no Network or Battery reading', () => {
  it('on win32 with the helper down draws neither, the same frame as with no reader for them', async () => {
    const windows = await run('win32', { ...steady, network: failing, battery: failing }, 'text');
    const none = await run('linux', steady, 'text');
    expect(windows.code).toBe(0);
    // No empty boxes (`╭╮ ││ ╰╯`, `.. || ''` in ascii) and no red `?` of a battery never read.
    expect(windows.out).not.toMatch(/\|\|/);
    expect(windows.out).not.toMatch(/\| ?[!?] \?\|/);
    expect(windows.out).toBe(none.out);
  });

  it('names them among the widgets not drawn, as it names a widget with no reader, with why they were not read', async () => {
    const windows = await run('win32', { ...steady, network: failing, battery: failing }, 'text');
    expect(windows.err).toMatch(/Network right\[1\] +--set network\.received=/);
    expect(windows.err).toMatch(/Battery right\[5\] +--set battery=N/);
    expect(windows.err).toContain(HELPER_DOWN);
    const json = JSON.parse((await run('win32', { ...steady, network: failing, battery: failing }, 'json')).out) as { sections: Record<string, Array<{ kind: string }>>; missing: Array<{ widget: string; why?: string }> };
    expect(json.sections.right?.map((w) => w.kind)).not.toContain('Network');
    expect(json.sections.right?.map((w) => w.kind)).not.toContain('Battery');
    expect(json.missing.map((m) => m.widget)).toEqual(['Media', 'Update', 'Network', 'Battery', 'Keyboard']);
    expect(json.missing.find((m) => m.widget === 'Battery')?.why).toContain(HELPER_DOWN);
  });
});
