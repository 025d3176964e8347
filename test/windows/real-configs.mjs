#!/usr/bin/env node
/**
 * `tilebar check` and `tilebar preview` (text, ansi, json, svg, png) over every public real config, in this one
 * process, through the built bundle's one-shot scripts (dist/bundle/oneshot-<command>.cjs, which the `tilebar`
 * command itself runs): under Wine each node.exe start costs seconds, so the Windows build of Node runs all of
 * them in one start, and test/windows/real-configs.test.ts compares what it printed with what Linux's Node
 * printed, config by config. The readings and the clock are given, as in test/conformance/run.mjs, so nothing
 * of the machine shows.
 *
 *   node test/windows/real-configs.mjs <fixtures dir> <results file> <cache dir>
 *
 * Writes one JSON line per command to <results file> (Wine fails writing to a Linux pipe): the config, the
 * command, its exit status, what it wrote to stdout (text, and a PNG's bytes in base64) and to stderr; then a
 * last line with how long it all took.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [fixturesArg, resultsArg, cacheArg] = process.argv.slice(2);
if (!fixturesArg || !resultsArg || !cacheArg) {
  process.stderr.write('usage: node test/windows/real-configs.mjs <fixtures dir> <results file> <cache dir>\n');
  process.exit(2);
}
// On Windows a Linux path such as /work/shared/... resolves onto the current drive (Wine's Z:, which is /).
const fixtures = resolve(fixturesArg);
const cache = resolve(cacheArg);
const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'bundle');

// What the launcher (src/cli/launcher.ts) writes before a one-shot script loads, for a command line without
// --color whose stdout is not a terminal: chalk, inside Ink, reads it once, when it is first loaded.
process.env.FORCE_COLOR = '0';
const require = createRequire(import.meta.url);
/** @type {Record<'check' | 'preview', { run: (args: string[], io: object) => Promise<number> }>} */
const scripts = { check: require(join(bundle, 'oneshot-check.cjs')), preview: require(join(bundle, 'oneshot-preview.cjs')) };

// `check` says which sources this machine has for Media and Keyboard, which differ by platform by design: Linux
// is given a session bus and a display (test/windows/oneshot.test.ts does the same), where Windows needs neither.
const session = process.platform === 'win32' ? {} : { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: ':99' };
// The validated models are cached (src/config/model-cache.ts) in the caller's folder, never the user's.
const env = { HOME: cache, XDG_CACHE_HOME: cache, LOCALAPPDATA: cache, TZ: 'UTC', ...session };
const READINGS = ['--at', '2024-09-08T09:05:03', '--set', 'cpu=95', '--set', 'battery=10', '--width', '160'];
const FORMATS = ['text', 'ansi', 'json', 'svg', 'png'];

async function runOne(config, name, args) {
  let out = '';
  let err = '';
  const bytes = [];
  const io = { out: (t) => void (out += t), outBytes: (b) => void bytes.push(Buffer.from(b)), err: (t) => void (err += t), env, cwd: fixtures, isTTY: false, platform: process.platform };
  let status;
  try {
    status = await scripts[args[0]].run(args, io);
  } catch (e) {
    status = `threw ${e instanceof Error ? e.stack : String(e)}`;
  }
  return { config, command: name, status, out, ...(bytes.length > 0 ? { bytes: Buffer.concat(bytes).toString('base64') } : {}), err };
}

const started = process.hrtime.bigint();
const lines = [];
for (const config of readdirSync(fixtures).filter((f) => f.endsWith('.json')).sort()) {
  lines.push(await runOne(config, 'check', ['check', '--tiler', 'komorebi', config]));
  for (const format of FORMATS) lines.push(await runOne(config, `preview ${format}`, ['preview', '--config', config, ...READINGS, '--format', format]));
}
lines.push({ elapsedMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6), platform: process.platform });
writeFileSync(resultsArg, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
