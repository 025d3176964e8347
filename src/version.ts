/** tilebar's own version, from its package.json (read once, at start). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './config/discover.js';

export const VERSION: string = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
