/**
 * The files a core leaves for its front ends (src/serve/core-files.ts), on real files: its info and its key
 * round-trip, are 0600, are replaced whole and never written or read through a link planted at their path; what
 * is not a core's info or key (too large, garbage, the wrong shape, the wrong length) counts as no core, with
 * the reason, and no bytes whatever make the readers throw.
 */
import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORE_KEY_BYTES, MAX_CORE_INFO_BYTES, newCoreKey, parseCoreInfo, publishCore, readCoreInfo, readCoreKey, removeCoreInfo, writeCoreInfo, type CoreInfo } from '../../src/serve/core-files.js';
import { endpointIn } from '../../src/serve/endpoint.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { tempDir } from './places.js';

const cleanups = cleanupsAfterEach();
const info: CoreInfo = { pid: 4242, app: '0.1.0', protocol: 1, startedMs: 1_790_000_000_000 };

const endpointHere = () => endpointIn(tempDir(cleanups), '01234567', 'linux');

describe.skipIf(process.platform === 'win32')("a core's info and key", () => {
  it('round-trip, 0600, the key new at each start, and nothing left beside them', () => {
    const endpoint = endpointHere();
    const published = publishCore(endpoint, info);
    expect(published.ok).toBe(true);
    const key = published.ok ? published.key : Buffer.alloc(0);
    expect(key.length).toBe(CORE_KEY_BYTES);
    expect(readCoreKey(endpoint)).toEqual(key);
    expect(readCoreInfo(endpoint.info)).toEqual({ ok: true, info });
    for (const path of [endpoint.key, endpoint.info]) expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(endpoint.dir).sort()).toEqual(['core-01234567.json', 'core-01234567.key']);

    const windows = { ...info, pid: 77, pipe: '\\\\.\\pipe\\tilebar-core-0123456789abcdef0123456789abcdef' };
    const again = publishCore(endpoint, windows);
    expect(again.ok && again.key.equals(key)).toBe(false);
    expect(readCoreKey(endpoint)).toEqual(again.ok ? again.key : undefined);
    expect(readCoreInfo(endpoint.info)).toEqual({ ok: true, info: windows });
  });

  it('are never read through a link planted at their path, nor written through it (the link is replaced)', () => {
    const endpoint = endpointHere();
    const victim = join(endpoint.dir, 'victim');
    writeFileSync(victim, JSON.stringify(info));
    symlinkSync(victim, endpoint.info);
    expect(readCoreInfo(endpoint.info)).toEqual({ ok: false, why: `${endpoint.info} is a symbolic link, which is not followed` });
    writeCoreInfo(endpoint.info, { ...info, pid: 5 });
    expect(readFileSync(victim, 'utf8')).toBe(JSON.stringify(info));
    expect(lstatSync(endpoint.info).isFile()).toBe(true);

    const secret = join(endpoint.dir, 'secret');
    writeFileSync(secret, Buffer.alloc(CORE_KEY_BYTES, 7));
    symlinkSync(secret, endpoint.key);
    expect(readCoreKey(endpoint)).toBeUndefined();
    newCoreKey(endpoint);
    expect(readFileSync(secret)).toEqual(Buffer.alloc(CORE_KEY_BYTES, 7));
    expect(lstatSync(endpoint.key).isFile()).toBe(true);
  });

  it('count as no core, with the reason, when absent, too large, not JSON, or not the shape of a core', () => {
    const endpoint = endpointHere();
    expect(readCoreInfo(endpoint.info)).toEqual({ ok: false, why: `${endpoint.info} does not exist` });
    const cases: Array<[string, string]> = [
      [JSON.stringify({ ...info, app: 'x'.repeat(MAX_CORE_INFO_BYTES) }), `${endpoint.info} is larger than ${MAX_CORE_INFO_BYTES} bytes`],
      ['{"pid": 12, "app"', `${endpoint.info} is not a core's info: not JSON`],
      [`${'['.repeat(64)}${']'.repeat(64)}`, `${endpoint.info} is not a core's info: nested more than 2 deep`],
      ['[1, 2]', `${endpoint.info} is not a core's info: not a JSON object`],
      [JSON.stringify({ ...info, pid: '4242' }), `${endpoint.info} is not a core's info: no pid (a whole number above 0)`],
      [JSON.stringify({ ...info, pid: -1 }), `${endpoint.info} is not a core's info: no pid (a whole number above 0)`],
      [JSON.stringify({ ...info, app: '' }), `${endpoint.info} is not a core's info: no app (a version, at most 512 characters)`],
      [JSON.stringify({ ...info, protocol: 1.5 }), `${endpoint.info} is not a core's info: no protocol (a whole number)`],
      [JSON.stringify({ ...info, startedMs: null }), `${endpoint.info} is not a core's info: no startedMs (a time in ms)`],
      [JSON.stringify({ ...info, pipe: 42 }), `${endpoint.info} is not a core's info: pipe is not a path of at most 512 characters`],
    ];
    for (const [text, why] of cases) {
      writeFileSync(endpoint.info, text);
      expect(readCoreInfo(endpoint.info)).toEqual({ ok: false, why });
    }
    // A field a newer core adds is no reason to refuse it.
    writeFileSync(endpoint.info, JSON.stringify({ ...info, later: { more: true } }));
    expect(readCoreInfo(endpoint.info)).toEqual({ ok: true, info });
  });

  it('a key of any other length than 32 bytes is no key', () => {
    const endpoint = endpointHere();
    expect(readCoreKey(endpoint)).toBeUndefined();
    for (const length of [0, 1, CORE_KEY_BYTES - 1, CORE_KEY_BYTES + 1, 4096]) {
      writeFileSync(endpoint.key, Buffer.alloc(length, 1));
      expect(readCoreKey(endpoint), `${length} bytes`).toBeUndefined();
    }
    writeFileSync(endpoint.key, Buffer.alloc(CORE_KEY_BYTES, 1));
    expect(readCoreKey(endpoint)).toEqual(Buffer.alloc(CORE_KEY_BYTES, 1));
  });

  it("the info is removed by the core it names, never by another (a newer core's stays)", () => {
    const endpoint = endpointHere();
    writeCoreInfo(endpoint.info, info);
    expect(removeCoreInfo(endpoint.info, info.pid + 1)).toBe(false);
    expect(readCoreInfo(endpoint.info).ok).toBe(true);
    expect(removeCoreInfo(endpoint.info, info.pid)).toBe(true);
    expect(readCoreInfo(endpoint.info).ok).toBe(false);
    expect(removeCoreInfo(endpoint.info, info.pid)).toBe(false);
  });

  it('publishing says why when the files cannot be put in place, and does not throw', () => {
    const endpoint = endpointIn(join(tempDir(cleanups), 'gone'), '01234567', 'linux');
    const published = publishCore(endpoint, info);
    expect(published.ok).toBe(false);
    expect(!published.ok && published.why).toContain('ENOENT');
  });

  it('no bytes whatever in the info file make its reader throw; whatever it accepts is a core\'s shape', () => {
    const endpoint = endpointHere();
    const jsonish = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.json().map((t) => Buffer.from(t)),
      fc.record({ pid: fc.anything(), app: fc.anything(), protocol: fc.anything(), startedMs: fc.anything(), pipe: fc.anything() }, { requiredKeys: [] }).map((o) => Buffer.from(JSON.stringify(o) ?? '')),
    );
    fc.assert(
      fc.property(jsonish, (bytes) => {
        writeFileSync(endpoint.info, bytes);
        const read = readCoreInfo(endpoint.info);
        expect(read.ok || read.why.startsWith(`${endpoint.info} `)).toBe(true);
        expect(read.ok).toBe(parseCoreInfo(bytes).ok);
        if (read.ok) {
          expect(Number.isInteger(read.info.pid) && read.info.pid > 0).toBe(true);
          expect(typeof read.info.app).toBe('string');
        }
        unlinkSync(endpoint.info);
      }),
      { numRuns: 300 },
    );
  });
});
