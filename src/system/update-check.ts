/**
 * The Update widget's only network use: the newest published tilebar version from the npm registry
 * (`$npm_config_registry`, default registry.npmjs.org), or from `--update-url`. Offline is not an error:
 * the reading just has no version.
 */
import type { Reader, Readings } from './readings.js';
import { parseBoundedJson } from '../io/bounded-json.js';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

export function updateCheckUrl(packageName: string, env: Readonly<Record<string, string | undefined>>, override?: string): string {
  if (override) return override;
  const registry = env.npm_config_registry || env.NPM_CONFIG_REGISTRY || DEFAULT_REGISTRY;
  return `${registry.replace(/\/+$/, '')}/${packageName.replace('/', '%2f')}/latest`;
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

export function updateReader(url: string, userAgent: string, fetchImpl: Fetch = nodeGet): Reader<Readings['update']> {
  return async (signal) => {
    try {
      const response = await fetchImpl(url, { signal, headers: { accept: 'application/json', 'user-agent': userAgent } });
      if (!response.ok) return { problem: `${url} answered HTTP ${response.status}` };
      const body = (await response.json()) as { version?: unknown; tag_name?: unknown };
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
