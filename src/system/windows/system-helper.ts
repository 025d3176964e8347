/**
 * Network counters, the default interface and the battery on Windows, which Node has no API for: one
 * long-lived PowerShell helper for the bar's life, started on the first read and shared by both readers,
 * asked a line per poll (`network` or `battery`) and answering a JSON line (./system-lines.ts). So the bar's
 * poll intervals stay in charge, and no poll starts a process: where systeminformation started a PowerShell
 * (`Get-NetAdapterStatistics`) plus `cmd.exe` and `netstat -r` per network poll, and a PowerShell per battery
 * poll. A helper that ends or cannot start is started again by a later poll after a back-off
 * (./line-helper.ts); one that does not answer within ANSWER_MS is ended and backs off the same way.
 *
 * The script needs Windows PowerShell 5.1 and was not run here (Wine has no PowerShell): its counters come
 * from .NET's NetworkInterface (GetIPStatistics, no WMI), and the battery from
 * SystemInformation.PowerStatus, which is GetSystemPowerStatus: a call into the kernel, where Win32_Battery
 * would be a WMI query through the WMI provider host on every battery poll.
 */
import type { Timers } from '../../scheduler/timers.js';
import { powershellCommand } from '../powershell.js';
import type { BatteryReading, Reader, Readings } from '../readings.js';
import { deltaReader, networkReading, type NetworkSample, type Sleep } from '../sampler.js';
import { lineHelper, type HelperCommand, type LineHelper, type SpawnHelper } from './line-helper.js';
import { parseSystemLine, type NetworkAnswer, type SystemRequest } from './system-lines.js';

/** How long an asked helper may take to answer before it is taken for hung. */
export const ANSWER_MS = 10_000;

export const WINDOWS_SYSTEM_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
[Console]::OutputEncoding = [Text.UTF8Encoding]::new($false)
Add-Type -AssemblyName System.Windows.Forms
$out = [Console]::Out
while (($line = [Console]::In.ReadLine()) -ne $null) {
  try {
    if ($line -eq 'network') {
      $list = foreach ($n in [System.Net.NetworkInformation.NetworkInterface]::GetAllNetworkInterfaces()) {
        $s = $n.GetIPStatistics()
        $gateways = @($n.GetIPProperties().GatewayAddresses | Where-Object { $_.Address.AddressFamily -eq 'InterNetwork' -and -not $_.Address.Equals([System.Net.IPAddress]::Any) })
        @{ name = $n.Name; description = $n.Description; up = ($n.OperationalStatus -eq 'Up'); loopback = ($n.NetworkInterfaceType -eq 'Loopback'); gateway = ($gateways.Count -gt 0); rx = [double]$s.BytesReceived; tx = [double]$s.BytesSent }
      }
      $out.WriteLine((ConvertTo-Json -Compress -Depth 3 -InputObject @{ network = @($list) }))
    } elseif ($line -eq 'battery') {
      $p = [System.Windows.Forms.SystemInformation]::PowerStatus
      $out.WriteLine((ConvertTo-Json -Compress -InputObject @{ battery = @{ percent = [int][math]::Round($p.BatteryLifePercent * 100); charge = [int]$p.BatteryChargeStatus; line = [string]$p.PowerLineStatus } }))
    } else {
      $out.WriteLine((ConvertTo-Json -Compress -InputObject @{ error = 'unknown request'; request = [string]$line }))
    }
  } catch {
    $out.WriteLine((ConvertTo-Json -Compress -InputObject @{ error = [string]$_.Exception.Message; request = [string]$line }))
  }
  $out.Flush()
}
`;

export interface SystemHelperOptions {
  timers: Timers;
  log(message: string): void;
  /** The helper to run (tests run a fake); PowerShell with WINDOWS_SYSTEM_SCRIPT otherwise. */
  command?: HelperCommand;
  /** Where the system's PowerShell is read from (SystemRoot); this process's environment when not given. */
  env?: Readonly<Record<string, string | undefined>>;
  spawn?: SpawnHelper;
}

interface Pending<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(e: Error): void;
  timer: unknown;
}

interface Answers {
  network: NetworkAnswer;
  battery: BatteryReading;
}

/** The one system helper: asked per request, each kind's question at most once in flight. */
export class WindowsSystemHelper {
  readonly #helper: LineHelper;
  readonly #timers: Timers;
  readonly #pending: { [K in SystemRequest]?: Pending<Answers[K]> } = {};
  #down = 'the system helper has not started';

  constructor(opts: SystemHelperOptions) {
    this.#timers = opts.timers;
    this.#helper = lineHelper({
      name: 'system: the network and battery helper',
      command: opts.command ?? powershellCommand(WINDOWS_SYSTEM_SCRIPT, opts.env ?? process.env),
      timers: opts.timers,
      log: opts.log,
      keepRunning: false,
      unref: true,
      ...(opts.spawn ? { spawn: opts.spawn } : {}),
      onLine: (line) => this.#answer(line),
      onEnd: (why) => {
        this.#down = `the system helper ${why}`;
        this.#settle('network')?.reject(new Error(this.#down));
        this.#settle('battery')?.reject(new Error(this.#down));
      },
    });
  }

  ask<K extends SystemRequest>(kind: K, signal: AbortSignal): Promise<Answers[K]> {
    const asked = (this.#pending[kind] as Pending<Answers[K]> | undefined)?.promise ?? this.#send(kind);
    if (signal.aborted) return Promise.reject(signal.reason);
    // Giving up on an answer (the poll's timeout) leaves the question in flight for the next poll to share.
    return new Promise<Answers[K]>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      asked.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  close(): void {
    this.#helper.close();
    this.#settle('network')?.reject(new Error('closed'));
    this.#settle('battery')?.reject(new Error('closed'));
  }

  #send<K extends SystemRequest>(kind: K): Promise<Answers[K]> {
    if (!this.#helper.ensure()) return Promise.reject(new Error(this.#down));
    let resolve!: (value: Answers[K]) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<Answers[K]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be left waiting for it: a rejection no poll takes up must not reach the process.
    promise.catch(() => undefined);
    const timer = this.#timers.setTimeout(() => this.#helper.fail(`did not answer within ${ANSWER_MS / 1000} s`), ANSWER_MS);
    (this.#pending as Record<K, Pending<Answers[K]>>)[kind] = { promise, resolve, reject, timer };
    this.#helper.send(kind);
    return promise;
  }

  #settle<K extends SystemRequest>(kind: K): Pending<Answers[K]> | undefined {
    const p = this.#pending[kind] as Pending<Answers[K]> | undefined;
    if (!p) return undefined;
    delete this.#pending[kind];
    this.#timers.clearTimeout(p.timer);
    return p;
  }

  #answer(line: string): void {
    const answer = parseSystemLine(line);
    if (!answer) return;
    if (answer.kind === 'network') this.#settle('network')?.resolve(answer.network);
    else if (answer.kind === 'battery') this.#settle('battery')?.resolve(answer.battery);
    else if (answer.request) this.#settle(answer.request)?.reject(new Error(`the system helper: ${answer.error}`));
    // An answer, even an error, shows the helper runs: its next failure waits the shortest again.
    this.#helper.answered();
  }
}

/** Network and battery readers on Windows, sharing one helper made on the first read. */
export function windowsHelperReaders(sleep: Sleep, now: () => number, opts: SystemHelperOptions): { network: Reader<Readings['network']>; battery: Reader<Readings['battery']> } {
  let helper: WindowsSystemHelper | undefined;
  const shared = () => (helper ??= new WindowsSystemHelper(opts));
  const sample = async (signal: AbortSignal): Promise<NetworkSample> => {
    const answer = await shared().ask('network', signal);
    return { at: now(), ...answer };
  };
  return {
    network: deltaReader(sample, networkReading, sleep),
    battery: (signal) => shared().ask('battery', signal),
  };
}
