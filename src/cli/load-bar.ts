/**
 * Find and load the bar config for a command that needs a model once (preview, thresholds); print its errors.
 * A text validated before (by `run` or an earlier preview) is taken from the cache of validated models, as
 * `run` takes it: loading the schemas and walking the document was ~100 ms of a ~400 ms preview (bench/).
 * Nothing a one-shot command does acts on the model beyond drawing it (a preview never runs a command).
 */
import { resolve } from 'node:path';
import { configLabel, discoverConfig, discoveryEnv } from '../config/discover.js';
import { MAX_CONFIG_BYTES } from '../config/limits.js';
import { modelCacheDir, modelCacheKey, readCachedModel, writeCachedModel } from '../config/model-cache.js';
import { withoutBom } from '../config/source.js';
import type { BarModel } from '../config/model.js';
import { formatProblem } from '../config/problem.js';
import type { Variant } from '../config/variant.js';
import { readTextFile } from '../io/read-text-file.js';
import { userHome } from '../io/user-dirs.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import { UsageError, type CliIo } from './io.js';

export interface LoadedBar {
  model: BarModel;
  /** How to name the file in messages. */
  label: string;
  path: string;
}

export interface LoadBarOptions {
  config?: string;
  variant?: Variant;
}

export interface LoadBarDeps {
  /** The widget kinds a config may use. */
  widgets: WidgetRegistry;
}

export async function loadBar(opts: LoadBarOptions, io: CliIo, { widgets }: LoadBarDeps): Promise<LoadedBar | undefined> {
  const found = discoverConfig(opts.config && resolve(io.cwd, opts.config), discoveryEnv(io.env, io.platform));
  const label = configLabel(found, opts.config);
  const read = await readTextFile(found.path, { maxBytes: MAX_CONFIG_BYTES });
  if (!read.ok) throw new UsageError(`cannot read ${label}: ${read.problem}`);
  const cacheDir = modelCacheDir(io.env, io.platform, userHome(io.env, io.platform));
  const key = modelCacheKey(withoutBom(read.text), opts.variant, io.platform);
  if (key) {
    const hit = await readCachedModel(cacheDir, key, widgets);
    if ('model' in hit) return { model: hit.model, label, path: found.path };
  }
  const { loadConfigText } = await import('../config/load.js');
  const result = loadConfigText(read.text, label, { kinds: widgets, ...(opts.variant ? { variant: opts.variant } : {}) });
  if (result.model && key) writeCachedModel(cacheDir, key, result.model);
  if (!result.model) {
    for (const p of result.problems.filter((x) => x.severity === 'error')) io.err(`${formatProblem(label, p)}\n`);
    io.err(`tilebar: ${label} has errors; \`tilebar check ${label}\` explains them\n`);
    return undefined;
  }
  return { model: result.model, label, path: found.path };
}
