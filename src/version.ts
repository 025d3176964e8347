/** tilebar's own name and version, from its package.json (read once, at start; built in where none is beside it). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './config/discover.js';
import { BUILT_IN_PACKAGE } from './install/package-record.js';

const manifest = BUILT_IN_PACKAGE ?? (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string; version: string });

export const PACKAGE_NAME: string = manifest.name;
export const VERSION: string = manifest.version;
