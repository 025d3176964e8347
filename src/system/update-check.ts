/**
 * The Update widget's only network use: the newest published tilebar version from the npm registry
 * (`$npm_config_registry`, default registry.npmjs.org), or from `--update-url`. Offline is not an error:
 * the reading just has no version. Until this project is published (src/publication.ts) nothing is
 * asked: a package of the same name there would be a stranger's.
 */
import type { Reader, Readings } from './readings.js';
import { parseBoundedJson } from '../io/bounded-json.js';
import type { Publication } from '../publication.js';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** What the Update widget says while there is no release to compare with. */
export const NOT_PUBLISHED = 'tilebar is not published yet: there is no release to compare this one with';

/** Where the check asks, and whose answer it takes: a registry's package names the project's repository. */
export type UpdateSource = { url: string; repository?: string } | { unpublished: string };

export function updateSource(publication: Publication | undefined, env: Readonly<Record<string, string | undefined>>, override?: string): UpdateSource {
  // A URL the user gave is theirs to trust (their own mirror, a release feed): its answer is taken as it is.
  if (override) return { url: override };
  if (!publication) return { unpublished: NOT_PUBLISHED };
  return { url: updateCheckUrl(publication.npm, env), repository: publication.repository };
}

export function updateCheckUrl(packageName: string, env: Readonly<Record<string, string | undefined>>): string {
  const registry = env.npm_config_registry || env.NPM_CONFIG_REGISTRY || DEFAULT_REGISTRY;
  return `${registry.replace(/\/+$/, '')}/${packageName.replace('/', '%2f')}/latest`;
}

/** A repository as package.json files write it (`git+https://host/o/r.git`, `{ url }`), compared loosely. */
export function repositoryKey(value: unknown): string | undefined {
  const url = typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return undefined;
  return url
    .trim()
    .toLowerCase()
    .replace(/^git\+/, '')
    .replace(/^(?:https?|git|ssh):\/\/(?:[^@/]*@)?/, '')
    .replace(/^[^@/]*@([^:/]+):/, '$1/')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}

export type Fetch = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

/** The largest answer read: a "latest" document is a few KB; anything far bigger is not one. */
const MAX_BYTES = 1 << 20;
const MAX_REDIRECTS = 3;

/**
 * GET with node:http/node:https, loaded on first use. Not the global `fetch`: it loads Node's bundled
 * undici, ~14 MB of resident memory for the rest of the bar's life (node:http(s) ~4–5 MB, bench/).
 * Follows up to 3 redirects; honours the scheduler's abort signal.
 */
export const nodeGet: Fetch = async (url, init) => {
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`unsupported protocol ${target.protocol}`);
    const { request } = target.protocol === 'https:' ? await import('node:https') : await import('node:http');
    const answer = await new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      // A connection of its own (no keep-alive agent): checks are hours apart, and a kept socket the server
      // has since closed would fail the next one.
      const req = request(target, { headers: init.headers, signal: init.signal, agent: false }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) req.destroy(new Error(`answer larger than ${MAX_BYTES} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    if (answer.location !== undefined) {
      if (redirects >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      target = new URL(answer.location, target);
      continue;
    }
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => {
        const parsed = parseBoundedJson(answer.body);
        if (!parsed.ok) throw new Error(`the registry's answer is ${parsed.problem}`);
        return parsed.value;
      } };
  }
};

export function updateReader(source: UpdateSource, userAgent: string, fetchImpl: Fetch = nodeGet): Reader<Readings['update']> {
  return async (signal) => {
    if ('unpublished' in source) return { problem: source.unpublished };
    const { url } = source;
    try {
      const response = await fetchImpl(url, { signal, headers: { accept: 'application/json', 'user-agent': userAgent } });
      // An answer, so not offline: the registry has no such package (yet), or the URL names none.
      if (response.status === 404) return { problem: `nothing is published at ${url} (HTTP 404)` };
      if (!response.ok) return { problem: `${url} answered HTTP ${response.status}` };
      const body = (await response.json()) as { version?: unknown; tag_name?: unknown; repository?: unknown };
      if (source.repository !== undefined && repositoryKey(body.repository) !== repositoryKey(source.repository)) {
        const theirs = repositoryKey(body.repository);
        return { problem: `the package at ${url} is another project's (${theirs ? `its repository is ${theirs}` : 'it names no repository'}; this one's is ${repositoryKey(source.repository)})` };
      }
      // An npm "latest" document has `version`; a GitHub release has `tag_name` ("v1.2.3").
      const raw = typeof body.version === 'string' ? body.version : typeof body.tag_name === 'string' ? body.tag_name : undefined;
      if (!raw) return { problem: `${url} gave no version` };
      return { latest: raw.replace(/^v/, '') };
    } catch (e) {
      if (signal.aborted) throw e;
      const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
      return { problem: `no answer from ${url} (${e instanceof Error ? e.message : String(e)}${cause})` };
    }
  };
}
