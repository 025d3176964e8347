/**
 * The launcher's first import, run before any other module of the bundle: on a Node older than the floor the
 * `tilebar` command says so in one line and exits 2, before anything it loads could fail in a way that says less.
 * Written for any Node: no syntax or API newer than Node 16 here, nor in node-floor.ts.
 */
import { oldNodeRefusal } from './node-floor.js';

const refusal = oldNodeRefusal(process.version, process.execPath);
if (refusal !== undefined) {
  process.stderr.write(refusal);
  process.exit(2);
}
