import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreadNote, unreadWidgets } from '../../src/view/unread-widgets.js';
import { previewCommand } from '../../src/cli/preview.js';
import type { CliIo } from '../../src/cli/io.js';
import type { SourceReaders } from '../../src/bar/live-sources.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { load, model } from '../helpers.js';
import { writeBarConfig } from '../support/bar-config.js';

const example = model(load(readFileSync(join(process.cwd(), 'config.example.json'), 'utf8')));

describe('unreadWidgets', () => {
  it('names each enabled read widget whose reading is missing, where it is, and the keys that give it', () => {
    const unread = unreadWidgets(example, BUILTIN_WIDGETS, (reading) => reading === 'cpu');
    expect(unread.map((u) => `${u.widget} ${u.position}`)).toEqual(['Media center[1]', 'Update right[0]', 'Network right[1]', 'Storage right[2]', 'Memory right[4]', 'Battery right[5]', 'Keyboard right[6]']);
    expect(unread.find((u) => u.widget === 'Memory')).toEqual({ widget: 'Memory', position: 'right[4]', section: 'right', index: 4, keys: ['memory'], hint: 'memory=N' });
    // An event source's reading is named by the kind (`fills`), not by a poll it does not have.
    expect(unread.find((u) => u.widget === 'Media')?.keys).toEqual(['media.artist', 'media.title', 'media.status']);
  });

  it('names nothing when every reading is there, nor a disabled widget, nor one that reads nothing', () => {
    expect(unreadWidgets(example, BUILTIN_WIDGETS, () => true)).toEqual([]);
    const m = model(load({ left_widgets: [{ Memory: { enable: false } }, { Time: { enable: true, format: 'TwentyFourHour' } }], right_widgets: [{ Cpu: { enable: true } }] }));
    expect(unreadWidgets(m, BUILTIN_WIDGETS, () => false).map((u) => u.position)).toEqual(['right[0]']);
  });
});

describe('unreadNote', () => {
  it('says why and gives each widget a line with the setting that draws it, aligned', () => {
    const note = unreadNote(unreadWidgets(example, BUILTIN_WIDGETS, (r) => r !== 'memory' && r !== 'battery'), true);
    expect(note).toBe(
      'tilebar: 2 widgets not drawn, for want of a reading (with --set or --data nothing else is read):\n' +
        '  Memory right[4]   --set memory=N\n' +
        '  Battery right[5]  --set battery=N\n',
    );
  });

  it('says nothing when nothing is missing', () => {
    expect(unreadNote([], true)).toBe('');
  });
});

describe('a preview that reads the machine (no --set)', () => {
  it('names what it never asks for (the network, a player, the session), and not what it read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilebar-unread-'));
    try {
      await writeBarConfig(dir, readFileSync(join(process.cwd(), 'config.example.json')));
      let out = '';
      let err = '';
      const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), env: { HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') }, cwd: dir, isTTY: false, platform: 'linux' };
      // The machine, faked: every source a preview reads answers.
      const readers: SourceReaders = {
        cpu: async () => ({ percent: 12 }),
        memory: async () => ({ totalBytes: 100, usedBytes: 40 }),
        network: async () => ({ defaultInterface: 'eth0', interfaces: [{ name: 'eth0', receivedBytes: 1, transmittedBytes: 1 }], receivedPerSecond: 10, transmittedPerSecond: 10 }),
        disks: async () => ({ disks: [] }),
        battery: async () => ({ batteries: [] }),
        update: async () => ({ latest: '9.9.9' }),
      };
      expect(await previewCommand({ config: 'bar.json', format: 'json', at: '2024-09-08T09:05:03Z' }, io, { readers })).toBe(0);
      expect((JSON.parse(out) as { missing: Array<{ widget: string }> }).missing.map((m) => m.widget)).toEqual(['Media', 'Update', 'Keyboard']);
      out = '';
      expect(await previewCommand({ config: 'bar.json', format: 'text', at: '2024-09-08T09:05:03Z' }, io, { readers })).toBe(0);
      expect(err).toContain('tilebar: 3 widgets not drawn, for want of a reading (a preview reads this machine once, but never the network, a media player or the session):');
      expect(err).toMatch(/Update right\[0\] +--set update=VERSION/);
      expect(out).toContain('RAM: 40%');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
