import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_PUBLISHED, repositoryKey, updateCheckUrl, updateReader, updateSource } from '../../src/system/update-check.js';

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
    // --update-url wins over the registry, published or not.
    expect(updateSource({ npm: 'tilebar', repository: 'https://github.com/tilebar/tilebar' }, { npm_config_registry: 'x' }, 'http://127.0.0.1:1/v')).toEqual({ url: 'http://127.0.0.1:1/v' });
  });

  it('reads the version from a real HTTP server, with a User-Agent', async () => {
    const { base, seen } = await registry((_, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: 'tilebar', version: '0.3.1' }));
    });
    const read = updateReader({ url: updateCheckUrl('tilebar', { npm_config_registry: base }) }, 'tilebar/0.1.0');
    expect(await read(AbortSignal.timeout(5000))).toEqual({ latest: '0.3.1' });
    expect(seen).toEqual([{ url: '/tilebar/latest', agent: 'tilebar/0.1.0' }]);
  });

  it('accepts a GitHub release document from --update-url', async () => {
    const { base } = await registry((_, res) => res.end(JSON.stringify({ tag_name: 'v2.0.0' })));
    expect(await updateReader({ url: base }, 'tilebar/0.1.0')(AbortSignal.timeout(5000))).toEqual({ latest: '2.0.0' });
  });

  it('is quiet about HTTP errors and an unreachable registry, and does not take a 404 (an answer) for offline', async () => {
    const { base } = await registry((_, res) => {
      res.statusCode = 404;
      res.end('{}');
    });
    expect(await updateReader({ url: `${base}tilebar/latest` }, 't')(AbortSignal.timeout(5000))).toEqual({ problem: `nothing is published at ${base}tilebar/latest (HTTP 404)` });
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const offline = await updateReader({ url: `${base}tilebar/latest` }, 't')(AbortSignal.timeout(5000));
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
    expect(await updateReader({ url: `${base}moved` }, 't')(AbortSignal.timeout(5000))).toEqual({ latest: '0.4.0' });
    expect(seen.map((r) => r.url)).toEqual(['/moved', '/tilebar/latest']);
    expect((await updateReader({ url: `${base}loop` }, 't')(AbortSignal.timeout(5000))).problem).toMatch(/more than 3 redirects/);
    expect((await updateReader({ url: `${base}huge` }, 't')(AbortSignal.timeout(5000))).problem).toMatch(/answer larger than 1048576 bytes/);
    expect((await updateReader({ url: 'ftp://127.0.0.1/x' }, 't')(AbortSignal.timeout(5000))).problem).toMatch(/unsupported protocol ftp:/);
  });

  it('gives up when the scheduler aborts a registry that never answers', async () => {
    const { base } = await registry(() => undefined);
    await expect(updateReader({ url: base }, 't')(AbortSignal.timeout(300))).rejects.toThrow();
  });
  it('asks no one while tilebar is not published: a package of its name would be a stranger’s', async () => {
    let asked = 0;
    // The registry the check would ask, with a newer "tilebar" that is not this project.
    const { base } = await registry((_, res) => {
      asked++;
      res.end(JSON.stringify({ version: '99.0.0' }));
    });
    const source = updateSource(undefined, { npm_config_registry: base });
    expect(source).toEqual({ unpublished: NOT_PUBLISHED });
    expect(await updateReader(source, 't')(AbortSignal.timeout(5000))).toEqual({ problem: NOT_PUBLISHED });
    expect(asked).toBe(0);
    // A URL the user gives is asked all the same: theirs to trust.
    expect(updateSource(undefined, {}, 'http://127.0.0.1:1/v')).toEqual({ url: 'http://127.0.0.1:1/v' });
  });

  it('once published, takes a version only from a package that names this project’s repository', async () => {
    const publication = { npm: 'tilebar', repository: 'https://github.com/tilebar/tilebar' };
    let answer: unknown = { version: '0.9.0', repository: { type: 'git', url: 'git+https://github.com/tilebar/tilebar.git' } };
    const { base } = await registry((_, res) => res.end(JSON.stringify(answer)));
    const source = updateSource(publication, { npm_config_registry: base });
    expect(source).toEqual({ url: `${base}tilebar/latest`, repository: publication.repository });
    expect(await updateReader(source, 't')(AbortSignal.timeout(5000))).toEqual({ latest: '0.9.0' });
    answer = { version: '7.0.0', repository: 'github:someone-else/tilebar' };
    expect((await updateReader(source, 't')(AbortSignal.timeout(5000))).problem).toBe(`the package at ${base}tilebar/latest is another project's (its repository is github:someone-else/tilebar; this one's is github.com/tilebar/tilebar)`);
    answer = { version: '7.0.0' };
    expect((await updateReader(source, 't')(AbortSignal.timeout(5000))).problem).toMatch(/another project's \(it names no repository;/);
  });

  it('compares repositories as package.json files write them', () => {
    const key = 'github.com/tilebar/tilebar';
    for (const written of ['https://github.com/tilebar/tilebar', 'git+https://github.com/tilebar/tilebar.git', 'git@github.com:tilebar/tilebar.git', 'ssh://git@github.com/tilebar/tilebar', { url: 'HTTPS://GitHub.com/tilebar/tilebar/' }]) {
      expect(repositoryKey(written)).toBe(key);
    }
    expect(repositoryKey(undefined)).toBeUndefined();
    expect(repositoryKey({ url: 3 })).toBeUndefined();
  });
});
