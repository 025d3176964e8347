/**
 * Where this project publishes its releases: the npm package's name, and the repository its published
 * package.json names, which tells its releases from a stranger's package of the same name. package.json's
 * `publication`, set when the first release is published; until then there is nothing to compare with, and the
 * Update widget asks no one. Read on first use, not at import: the Update kind asks for it, and a widget's module
 * reads no file when it loads (bench/ bundles them where no package.json is beside them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './config/discover.js';
import { BUILT_IN_PACKAGE } from './install/package-record.js';

export interface Publication {
  npm: string;
  repository: string;
}

let read: { publication: Publication | undefined } | undefined;

export function publication(): Publication | undefined {
  read ??= { publication: publicationOf((BUILT_IN_PACKAGE ?? (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { publication?: unknown })).publication) };
  return read.publication;
}

function publicationOf(value: unknown): Publication | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { npm, repository } = value as { npm?: unknown; repository?: unknown };
  return typeof npm === 'string' && npm !== '' && typeof repository === 'string' && repository !== '' ? { npm, repository } : undefined;
}
