#!/usr/bin/env node
// Conformance run over the public real configs: every file loads except the expected rejections,
// which must be rejected with their located message. Uses the built CLI, as a user would.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs } from '../../scripts/node-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = process.argv[2] ?? join(root, '..', 'shared', 'fixtures', 'real-configs');
if (!existsSync(fixtures)) {
  console.log(`conformance: skipped, ${fixtures} is absent (it lives in ../shared)`);
  process.exit(0);
}
const expected = JSON.parse(readFileSync(join(root, 'test', 'conformance', 'expected-rejections.json'), 'utf8'));
const files = readdirSync(fixtures).filter((f) => f.endsWith('.json')).sort();
const started = process.hrtime.bigint();
let output = '';
try {
  output = execFileSync(process.execPath, nodeArgs(join(root, 'dist', 'bundle', 'main.js'), 'check', '--json', ...files), {
    cwd: fixtures,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
} catch (e) {
  if (e.status !== 1) throw e;
  output = e.stdout;
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const reports = JSON.parse(output);
let failures = 0;
let warned = 0;
for (const r of reports) {
  const want = expected[r.file];
  const text = r.problems.map((p) => `${p.line}:${p.col} ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n');
  if (r.counts.warning > 0) warned++;
  if (want === undefined && !r.ok) {
    failures++;
    console.log(`FAIL ${r.file} should load but was rejected:\n${text}`);
  } else if (want !== undefined && r.ok) {
    failures++;
    console.log(`FAIL ${r.file} should be rejected (${want}) but loaded`);
  } else if (want !== undefined && !text.includes(want)) {
    failures++;
    console.log(`FAIL ${r.file} rejected without the expected message "${want}":\n${text}`);
  }
}
// Every file that loads also previews, in every format, pictures included (in process; readings given, so
// nothing is read).
const { runCli } = await import(join(root, 'dist', 'src', 'cli', 'program.js'));
const { lazyCommands } = await import(join(root, 'dist', 'src', 'cli', 'commands.js'));
const previewStarted = process.hrtime.bigint();
let previewed = 0;
const FORMATS = ['text', 'ansi', 'json', 'svg', 'png'];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
for (const r of reports.filter((x) => x.ok)) {
  for (const format of FORMATS) {
    let out = '';
    let err = '';
    const bytes = [];
    const io = { out: (t) => void (out += t), outBytes: (b) => void bytes.push(b), err: (t) => void (err += t), env: { HOME: '/nonexistent', TZ: 'UTC' }, cwd: fixtures, isTTY: false, platform: 'linux' };
    const argv = ['preview', '--config', r.file, '--at', '2024-09-08T09:05:03', '--set', 'cpu=95', '--set', 'battery=10', '--format', format, '--width', '160'];
    let code;
    try {
      code = await runCli(argv, io, lazyCommands);
    } catch (e) {
      code = `threw ${e instanceof Error ? e.stack : String(e)}`;
    }
    const png = Buffer.concat(bytes);
    const good = format === 'png' ? png.subarray(0, 8).equals(PNG_SIGNATURE) && png.length > 100 : out.endsWith('\n') && (format !== 'json' || JSON.parse(out).sections) && (format !== 'svg' || out.includes('</svg>'));
    if (code !== 0 || !good) {
      failures++;
      console.log(`FAIL ${r.file} does not preview as ${format} (exit ${code}):\n${err}`);
    } else previewed++;
  }
}
const previewMs = Number(process.hrtime.bigint() - previewStarted) / 1e6;
console.log(`preview: ${previewed} frames of ${reports.filter((x) => x.ok).length} configs in ${FORMATS.length} formats (${FORMATS.join(', ')}), ${previewMs.toFixed(0)} ms in all`);
const rejected = reports.filter((r) => !r.ok).length;
console.log(
  `conformance: ${reports.length} files, ${reports.length - rejected} loaded (${warned} with warnings), ${rejected} rejected as expected; tilebar check took ${ms.toFixed(0)} ms in all`,
);
console.log(`${reports.length - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
