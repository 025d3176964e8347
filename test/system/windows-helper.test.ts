/**
 * Network and battery on Windows from one long-lived system helper (issue 33): its lines read without trust
 * (a property: no line throws, and what comes out is well formed), and the readers over a fake helper process
 * (a Linux node script standing in for PowerShell): many polls, one start; a helper that writes garbage or
 * floods is read past; one that dies or never answers is ended and started again only after its back-off.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Readers } from '../../src/system/readings.js';
import { WindowsSystemHelper, ANSWER_MS, WINDOWS_SYSTEM_SCRIPT, windowsHelperReaders } from '../../src/system/windows/system-helper.js';
import { MAX_INTERFACES, parseSystemLine } from '../../src/system/windows/system-lines.js';
import { hasUnsafeCharacters } from '../../src/text/safe-text.js';
import { powershellCommand } from '../../src/system/powershell.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { fakePowershell } from './fake-powershell.js';
import { eventually } from '../wait.js';

const FAKE = join(import.meta.dirname, 'fake-line-helper.mjs');
const signal = new AbortController().signal;

const iface = (name: string, rx: number, tx: number, extra: Record<string, unknown> = {}) => ({ name, description: `${name} adapter`, up: true, loopback: false, gateway: false, rx, tx, ...extra });
const networkLine = (rx: number) => JSON.stringify({ network: [iface('Loopback Pseudo-Interface 1', 0, 0, { loopback: true }), iface('vEthernet (WSL)', 5, 5), iface('Wi-Fi', rx, rx / 10, { gateway: true })] });
const batteryLine = JSON.stringify({ battery: { percent: 64, charge: 1, line: 'Offline' } });

let helper: WindowsSystemHelper | undefined;
afterEach(() => {
  helper?.close();
  helper = undefined;
  delete process.env.FAKE_REPLIES;
});

const echo = (replies: Record<string, string>) => {
  process.env.FAKE_REPLIES = JSON.stringify(replies);
  return { file: process.execPath, args: [FAKE, 'echo'] };
};

describe('the system helper’s lines', () => {
  it('give the interfaces, the default one (up, not loopback, with a gateway) and the battery', () => {
    expect(parseSystemLine(networkLine(1000))).toEqual({
      kind: 'network',
      network: { defaultInterface: 'Wi-Fi', interfaces: [{ name: 'Loopback Pseudo-Interface 1', receivedBytes: 0, transmittedBytes: 0 }, { name: 'vEthernet (WSL)', receivedBytes: 5, transmittedBytes: 5 }, { name: 'Wi-Fi', receivedBytes: 1000, transmittedBytes: 100 }] },
    });
    expect(parseSystemLine('{"network":[]}')).toEqual({ kind: 'network', network: { interfaces: [] } });
    expect(parseSystemLine(batteryLine)).toEqual({ kind: 'battery', battery: { batteries: [{ name: 'battery', percent: 64, state: 'discharging' }] } });
    expect(parseSystemLine('{"battery":{"percent":80,"charge":9,"line":"Online"}}')).toMatchObject({ battery: { batteries: [{ state: 'charging' }] } });
    expect(parseSystemLine('{"battery":{"percent":100,"charge":1,"line":"Online"}}')).toMatchObject({ battery: { batteries: [{ state: 'full' }] } });
    // A desktop: no system battery, and Windows' 255 % "unknown".
    expect(parseSystemLine('{"battery":{"percent":25500,"charge":128,"line":"Online"}}')).toEqual({ kind: 'battery', battery: { batteries: [] } });
    expect(parseSystemLine('{"error":"boom\\u001b[2J","request":"battery"}')).toEqual({ kind: 'error', error: 'boom\ufffd[2J', request: 'battery' });
  });

  it('leave out what is not well formed: wrong types, negative or endless counters, control characters', () => {
    const line = JSON.stringify({ network: [iface('ok', 1, 2), iface('neg', -1, 2), { ...iface('big', 1, 2), rx: 1e300 }, { name: 7, rx: 1, tx: 1 }, iface('ok', 3, 4), iface('\u001b]0;evil\u0007', 1, 1, { gateway: true })] });
    expect(parseSystemLine(line)).toEqual({ kind: 'network', network: { interfaces: [{ name: 'ok', receivedBytes: 1, transmittedBytes: 2 }, { name: '\ufffd]0;evil\ufffd', receivedBytes: 1, transmittedBytes: 1 }], defaultInterface: '\ufffd]0;evil\ufffd' } });
    for (const junk of ['', 'not json', '[]', 'null', '{"network":{}}', '{"battery":[]}', `${'['.repeat(100)}${']'.repeat(100)}`]) expect(parseSystemLine(junk)).toBeUndefined();
  });

  it('never throw, and give nothing or well-formed readings, whatever the line (property)', () => {
    const anyInterface = fc.record({ name: fc.oneof(fc.string({ maxLength: 300 }), fc.integer()), up: fc.anything(), loopback: fc.anything(), gateway: fc.anything(), rx: fc.oneof(fc.double(), fc.integer(), fc.string()), tx: fc.oneof(fc.double(), fc.integer()) }, { requiredKeys: [] });
    const doc = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({ network: fc.array(fc.oneof(anyInterface, fc.anything()), { maxLength: 100 }) }).map((d) => JSON.stringify(d)),
      fc.record({ battery: fc.record({ percent: fc.oneof(fc.double(), fc.integer()), charge: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.anything()), line: fc.oneof(fc.constantFrom('Online', 'Offline', 'Unknown'), fc.anything()) }, { requiredKeys: [] }) }).map((d) => JSON.stringify(d)),
    );
    fc.assert(
      fc.property(doc, (line) => {
        const answer = parseSystemLine(line);
        if (answer?.kind === 'network') {
          const { interfaces, defaultInterface } = answer.network;
          expect(interfaces.length).toBeLessThanOrEqual(MAX_INTERFACES);
          for (const i of interfaces) {
            expect(i.name.length).toBeGreaterThan(0);
            expect(i.name.length).toBeLessThanOrEqual(64);
            expect(hasUnsafeCharacters(i.name)).toBe(false);
            for (const n of [i.receivedBytes, i.transmittedBytes]) expect(Number.isFinite(n) && n >= 0).toBe(true);
          }
          if (defaultInterface !== undefined) expect(interfaces.map((i) => i.name)).toContain(defaultInterface);
        } else if (answer?.kind === 'battery') {
          expect(answer.battery.batteries.length).toBeLessThanOrEqual(1);
          for (const b of answer.battery.batteries) {
            expect(b.percent >= 0 && b.percent <= 100).toBe(true);
            expect(['charging', 'discharging', 'full', 'not charging', 'unknown']).toContain(b.state);
          }
        } else if (answer) {
          expect(answer.error.length).toBeLessThanOrEqual(200);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('are asked of PowerShell through the encoded script, which reads .NET counters and the power status', () => {
    const { file, args } = powershellCommand(WINDOWS_SYSTEM_SCRIPT, { SystemRoot: 'D:\\WINDOWS' });
    // The system's PowerShell by its full path, never a bare name Windows would look for in the current directory.
    expect(file).toBe('D:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(Buffer.from(args.at(-1) ?? '', 'base64').toString('utf16le')).toBe(WINDOWS_SYSTEM_SCRIPT);
    expect(WINDOWS_SYSTEM_SCRIPT).toContain('GetIPStatistics()');
    expect(WINDOWS_SYSTEM_SCRIPT).toContain('SystemInformation]::PowerStatus');
    expect(WINDOWS_SYSTEM_SCRIPT).not.toMatch(/Get-NetAdapter|netstat|Win32_/);
  });
});

describe('network and battery on Windows', () => {
  it('are read over many polls from one helper process, started on the first read, with the default interface’s rates', async () => {
    // The helper answers every `network` with the same counters (so rates of 0) and every `battery` alike.
    const powershell = fakePowershell(`exec '${process.execPath}' '${FAKE}' echo`);
    const replies: Record<string, string> = { battery: `${batteryLine}\n`, network: `${networkLine(5000)}\n` };
    process.env.FAKE_REPLIES = JSON.stringify(replies);
    let clock = 0;
    const readers: Pick<Readers, 'network' | 'battery'> = windowsHelperReaders(async () => undefined, () => (clock += 1000), { timers: new FakeTimers(), log: () => undefined, command: powershell.command });
    expect(powershell.starts()).toBe(0);
    for (let poll = 0; poll < 20; poll++) {
      const network = await readers.network(signal);
      expect(network).toMatchObject({ defaultInterface: 'Wi-Fi', receivedPerSecond: 0, transmittedPerSecond: 0 });
      expect(network.interfaces.map((i) => i.name)).toEqual(['Loopback Pseudo-Interface 1', 'vEthernet (WSL)', 'Wi-Fi']);
      expect(await readers.battery(signal)).toEqual({ batteries: [{ name: 'battery', percent: 64, state: 'discharging' }] });
    }
    expect(powershell.starts()).toBe(1);
  });

  it('read past garbage and a flood to the answer', async () => {
    const timers = new FakeTimers();
    helper = new WindowsSystemHelper({ timers, log: () => undefined, command: echo({ network: `garbage\n{"battery":"no"}\n${'x'.repeat(100_000)}\n${networkLine(7)}\n` }) });
    expect((await helper.ask('network', signal)).interfaces.at(-1)).toEqual({ name: 'Wi-Fi', receivedBytes: 7, transmittedBytes: 0.7 });
  });

  it('a helper that never answers is ended after ANSWER_MS and started again only after its back-off, said once', async () => {
    const timers = new FakeTimers();
    const logs: string[] = [];
    let starts = 0;
    const spawnCounted = (c: { file: string; args: string[] }) => {
      starts += 1;
      return spawnHelper(c);
    };
    helper = new WindowsSystemHelper({ timers, log: (m) => logs.push(m), command: { file: process.execPath, args: [FAKE, 'silent'] }, spawn: spawnCounted });
    const asked = helper.ask('network', signal);
    await timers.advance(ANSWER_MS);
    await expect(asked).rejects.toThrow('the system helper did not answer within 10 s');
    // Polls during the back-off fail at once with the same words, starting nothing.
    await expect(helper.ask('battery', signal)).rejects.toThrow('the system helper did not answer within 10 s');
    expect(starts).toBe(1);
    await timers.advance(5000);
    const again = helper.ask('network', signal);
    expect(starts).toBe(2);
    await timers.advance(ANSWER_MS);
    await expect(again).rejects.toThrow('did not answer');
    expect(logs).toEqual(['system: the network and battery helper did not answer within 10 s; starting it again in 5 s, then less often while it keeps failing (at most every 5 min)']);
  });

  it('a helper that dies fails the poll with why, and the next poll within the back-off starts nothing', async () => {
    const timers = new FakeTimers();
    let starts = 0;
    helper = new WindowsSystemHelper({ timers, log: () => undefined, command: { file: process.execPath, args: [FAKE, 'exit', '3'] }, spawn: (c) => ((starts += 1), spawnHelper(c)) });
    await expect(helper.ask('battery', signal)).rejects.toThrow('the system helper exited (3)');
    await eventually(async () => expect(helper?.ask('network', signal)).rejects.toThrow('exited (3)'));
    expect(starts).toBe(1);
  });
});

const spawnHelper = ({ file, args }: { file: string; args: string[] }) => spawn(file, args, { stdio: 'pipe', cwd: process.env.TMPDIR });
