/** tilebar's own name and version, and where it is published, from its package.json (read once, at start). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './config/discover.js';

/**
 * Where this project publishes its releases: the npm package's name, and the repository its published
 * package.json names, which tells its releases from a stranger's package of the same name. package.json's
 * `publication`, set when the first release is published; until then there is nothing to compare with, and the
 * Update widget asks no one.
 */
export interface Publication {
  npm: string;
  repository: string;
}

const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string; version: string; publication?: unknown };

export const PACKAGE_NAME: string = manifest.name;
export const VERSION: string = manifest.version;
export const PUBLICATION: Publication | undefined = publicationOf(manifest.publication);

function publicationOf(value: unknown): Publication | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { npm, repository } = value as { npm?: unknown; repository?: unknown };
  return typeof npm === 'string' && npm !== '' && typeof repository === 'string' && repository !== '' ? { npm, repository } : undefined;
}
