/** Find and load the bar config for a command that needs a model; print its errors when it has any. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { discoverConfig } from '../config/discover.js';
import type { BarModel } from '../config/model.js';
import { modelCacheKey, readCachedModel, writeCachedModel } from '../config/model-cache.js';
import { formatProblem } from '../config/problem.js';
import { withoutBom } from '../config/source.js';
import type { Variant } from '../config/variant.js';
import { UsageError, type CliIo } from './io.js';

export interface LoadedBar {
  model: BarModel;
  /** How to name the file in messages. */
  label: string;
  path: string;
  /** The text the model was made from (without a byte-order mark). */
  text: string;
  /** Whether the model came from the cache of validated models (`run` only). */
  cached: boolean;
}

export interface LoadBarOptions {
  config?: string;
  variant?: Variant;
  /** The directory of validated models (see model-cache.ts); absent = always validate. */
  modelCache?: string;
}

export async function loadBar(opts: LoadBarOptions, io: CliIo): Promise<LoadedBar | undefined> {
  const found = discoverConfig(opts.config && resolve(io.cwd, opts.config), { env: io.env, home: io.env.HOME ?? homedir(), exists: existsSync });
  const label = found.embedded ? 'config.example.json (embedded)' : (opts.config ?? found.path);
  let raw: string;
  try {
    raw = await readFile(found.path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${label}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const text = withoutBom(raw);
  const key = opts.modelCache ? modelCacheKey(text, opts.variant, io.platform) : undefined;
  const hit = opts.modelCache && key ? readCachedModel(opts.modelCache, key) : undefined;
  if (hit) return { model: hit, label, path: found.path, text, cached: true };

  // The schema and validator are loaded only when needed: a cached model starts the bar without them.
  const { loadConfigText } = await import('../config/load.js');
  const result = loadConfigText(raw, label, opts.variant ? { variant: opts.variant } : {});
  if (!result.model) {
    for (const p of result.problems.filter((x) => x.severity === 'error')) io.err(`${formatProblem(label, p)}\n`);
    io.err(`tilebar: ${label} has errors; \`tilebar check ${label}\` explains them\n`);
    return undefined;
  }
  if (opts.modelCache && key) writeCachedModel(opts.modelCache, key, result.model);
  return { model: result.model, label, path: found.path, text, cached: false };
}
