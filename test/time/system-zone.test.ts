import { mkdir, mkdtemp, rename, symlink, writeFile } from 'node:fs/promises';
import { readlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resolveSystemZone, watchSystemZone, zoneFromLocaltimeTarget, type SystemZoneSources } from '../../src/time/system-zone.js';
import { eventually } from '../wait.js';

async function zoneinfo() {
  const dir = await mkdtemp(join(tmpdir(), 'tilebar-tz-'));
  for (const z of ['Europe/Berlin', 'Asia/Tokyo', 'America/New_York']) {
    await mkdir(join(dir, 'usr/share/zoneinfo', z.split('/')[0] ?? ''), { recursive: true });
    await writeFile(join(dir, 'usr/share/zoneinfo', z), 'TZif');
  }
  await mkdir(join(dir, 'etc'));
  return dir;
}

describe('system time zone', () => {
  it('reads the zone from the /etc/localtime link target', () => {
    expect(zoneFromLocaltimeTarget('/usr/share/zoneinfo/Europe/Berlin')).toBe('Europe/Berlin');
    expect(zoneFromLocaltimeTarget('../usr/share/zoneinfo/posix/America/New_York')).toBe('America/New_York');
    expect(zoneFromLocaltimeTarget('/var/db/timezone/zoneinfo/Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(zoneFromLocaltimeTarget('/etc/some-file')).toBeUndefined();
  });

  it('prefers TZ, then the link, then Intl', async () => {
    const s = (env: Record<string, string>, link?: string): SystemZoneSources => ({
      env,
      readLink: async () => {
        if (!link) throw new Error('ENOENT');
        return link;
      },
      intlZone: () => 'Asia/Tokyo',
    });
    expect(await resolveSystemZone(s({ TZ: 'Europe/Paris' }, '/usr/share/zoneinfo/Europe/Berlin'))).toEqual({ zone: 'Europe/Paris', from: 'TZ' });
    expect(await resolveSystemZone(s({ TZ: ':/etc/localtime' }, '/usr/share/zoneinfo/Europe/Berlin'))).toEqual({ zone: 'Europe/Berlin', from: '/etc/localtime' });
    expect(await resolveSystemZone(s({}))).toEqual({ zone: 'Asia/Tokyo', from: 'the system (Intl)' });
  });

  it('notices when the localtime link is replaced while running (real file watching)', async () => {
    const root = await zoneinfo();
    const localtime = join(root, 'etc/localtime');
    await symlink(join(root, 'usr/share/zoneinfo/Europe/Berlin'), localtime);
    const seen: string[] = [];
    const sources: SystemZoneSources = { env: {}, readLink: (p) => readlink(p), intlZone: () => 'UTC', localtime };
    expect((await resolveSystemZone(sources)).zone).toBe('Europe/Berlin');
    const close = await watchSystemZone(sources, (z) => seen.push(z));
    try {
      await new Promise((r) => setTimeout(r, 300));
      // What `timedatectl set-timezone` does: a new link renamed over the old one.
      await symlink(join(root, 'usr/share/zoneinfo/Asia/Tokyo'), `${localtime}.new`);
      await rename(`${localtime}.new`, localtime);
      await eventually(() => expect(seen).toEqual(['Asia/Tokyo']));
    } finally {
      await close();
    }
  });
});

describe('isValidZone', () => {
  it('takes canonical names, aliases and Etc zones, and refuses what is not a zone', async () => {
    const { isValidZone } = await import('../../src/time/zone-valid.js');
    for (const z of ['Europe/London', 'America/New_York', 'UTC', 'US/Eastern', 'Asia/Calcutta', 'Etc/GMT+5']) expect(isValidZone(z), z).toBe(true);
    for (const z of ['Europe/Lodnon', 'London', '', 'x'.repeat(300)]) expect(isValidZone(z), z).toBe(false);
  });

  it('answers UTC and the fixed Etc/GMT±N zones without luxon, as luxon (ICU) would', async () => {
    const { isValidZone } = await import('../../src/time/zone-valid.js');
    const { IANAZone } = await import('luxon');
    const names = ['UTC', 'GMT', 'Etc/UTC', 'Etc/GMT', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'Etc/GMT+0', 'Etc/GMT-0', 'utc', 'Etc/GMT+', 'Etc/GMT+012', 'Etc/GMT+1.5'];
    for (let n = 0; n <= 16; n++) names.push(`Etc/GMT+${n}`, `Etc/GMT-${n}`);
    for (const z of names) expect(isValidZone(z), z).toBe(IANAZone.isValidZone(z));
  });
});
