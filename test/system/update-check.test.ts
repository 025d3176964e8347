import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { updateCheckUrl, updateReader } from '../../src/system/update-check.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A registry on 127.0.0.1 that answers with `handler`; returns its base URL and the requests it saw. */
async function registry(handler: (url: string, res: import('node:http').ServerResponse) => void) {
  const seen: Array<{ url: string; agent: string | undefined }> = [];
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', agent: req.headers['user-agent'] });
    handler(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

describe('update check', () => {
  it('asks the npm registry from npm_config_registry for the latest tilebar', () => {
    expect(updateCheckUrl('tilebar', {})).toBe('https://registry.npmjs.org/tilebar/latest');
    expect(updateCheckUrl('tilebar', { npm_config_registry: 'https://npm.example.com/repo/' })).toBe('https://npm.example.com/repo/tilebar/latest');
    expect(updateCheckUrl('tilebar', { npm_config_registry: 'x' }, 'http://127.0.0.1:1/v')).toBe('http://127.0.0.1:1/v');
  });

  it('reads the version from a real HTTP server, with a User-Agent', async () => {
    const { base, seen } = await registry((_, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: 'tilebar', version: '0.3.1' }));
    });
    const read = updateReader(updateCheckUrl('tilebar', { npm_config_registry: base }), 'tilebar/0.1.0');
    expect(await read(AbortSignal.timeout(5000))).toEqual({ latest: '0.3.1' });
    expect(seen).toEqual([{ url: '/tilebar/latest', agent: 'tilebar/0.1.0' }]);
  });

  it('accepts a GitHub release document from --update-url', async () => {
    const { base } = await registry((_, res) => res.end(JSON.stringify({ tag_name: 'v2.0.0' })));
    expect(await updateReader(base, 'tilebar/0.1.0')(AbortSignal.timeout(5000))).toEqual({ latest: '2.0.0' });
  });

  it('is quiet about HTTP errors and an unreachable registry', async () => {
    const { base } = await registry((_, res) => {
      res.statusCode = 404;
      res.end('{}');
    });
    expect(await updateReader(`${base}tilebar/latest`, 't')(AbortSignal.timeout(5000))).toEqual({ problem: `${base}tilebar/latest answered HTTP 404` });
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const offline = await updateReader(`${base}tilebar/latest`, 't')(AbortSignal.timeout(5000));
    expect(offline.latest).toBeUndefined();
    expect(offline.problem).toMatch(/^no answer from http:\/\/127\.0\.0\.1:\d+\/tilebar\/latest \(connect ECONNREFUSED/);
  });

  it('follows a registry’s redirects (at most 3) and refuses an answer far larger than a version document', async () => {
    const { base, seen } = await registry((url, res) => {
      if (url === '/moved') {
        res.statusCode = 301;
        res.setHeader('location', '/tilebar/latest');
        res.end();
      } else if (url === '/loop') {
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        res.end();
      } else if (url === '/huge') {
        res.end(JSON.stringify({ version: '9.9.9', padding: 'x'.repeat(2 << 20) }));
      } else res.end(JSON.stringify({ version: '0.4.0' }));
    });
    expect(await updateReader(`${base}moved`, 't')(AbortSignal.timeout(5000))).toEqual({ latest: '0.4.0' });
    expect(seen.map((r) => r.url)).toEqual(['/moved', '/tilebar/latest']);
    expect((await updateReader(`${base}loop`, 't')(AbortSignal.timeout(5000))).problem).toMatch(/more than 3 redirects/);
    expect((await updateReader(`${base}huge`, 't')(AbortSignal.timeout(5000))).problem).toMatch(/answer larger than 1048576 bytes/);
    expect((await updateReader('ftp://127.0.0.1/x', 't')(AbortSignal.timeout(5000))).problem).toMatch(/unsupported protocol ftp:/);
  });

  it('gives up when the scheduler aborts a registry that never answers', async () => {
    const { base } = await registry(() => undefined);
    await expect(updateReader(base, 't')(AbortSignal.timeout(300))).rejects.toThrow();
  });
});
