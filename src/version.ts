/** tilebar's own name and version, from its package.json (read once, at start). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './config/discover.js';

const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string; version: string };

export const PACKAGE_NAME: string = manifest.name;
export const VERSION: string = manifest.version;
