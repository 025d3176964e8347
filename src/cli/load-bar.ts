/** Find and load the bar config for a command that needs a model; print its errors when it has any. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { discoverConfig } from '../config/discover.js';
import { loadConfigText, type LoadResult } from '../config/load.js';
import type { BarModel } from '../config/model.js';
import { formatProblem } from '../config/problem.js';
import type { Variant } from '../config/variant.js';
import { UsageError, type CliIo } from './io.js';

export interface LoadedBar {
  model: BarModel;
  /** How to name the file in messages. */
  label: string;
  path: string;
  result: LoadResult;
}

export async function loadBar(opts: { config?: string; variant?: Variant }, io: CliIo): Promise<LoadedBar | undefined> {
  const found = discoverConfig(opts.config && resolve(io.cwd, opts.config), { env: io.env, home: io.env.HOME ?? homedir(), exists: existsSync });
  const label = found.embedded ? 'config.example.json (embedded)' : (opts.config ?? found.path);
  let text: string;
  try {
    text = await readFile(found.path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${label}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const result = loadConfigText(text, label, opts.variant ? { variant: opts.variant } : {});
  if (!result.model) {
    for (const p of result.problems.filter((x) => x.severity === 'error')) io.err(`${formatProblem(label, p)}\n`);
    io.err(`tilebar: ${label} has errors; \`tilebar check ${label}\` explains them\n`);
    return undefined;
  }
  return { model: result.model, label, path: found.path, result };
}
