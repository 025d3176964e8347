/**
 * The Update widget's only network use: the newest published tilebar version from the npm registry
 * (`$npm_config_registry`, default registry.npmjs.org), or from `--update-url`. Offline is not an error:
 * the reading just has no version.
 */
import type { Reader, Readings } from './readings.js';

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

export function updateReader(url: string, userAgent: string, fetchImpl: Fetch = fetch): Reader<Readings['update']> {
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
