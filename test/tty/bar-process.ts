/** The built bar's own process, found and measured from outside (as `ps` would): its pid and peak memory. */
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * The one bound for the bar's peak resident memory against any window-manager peer, hostile or not (bare Node
 * is ~40 MB, the bar at rest ~80 MB): komorebi's socket, i3/sway and Hyprland are each held to it.
 */
export const PEER_PEAK_RSS_MB = 110;

/** The bar's node process: the one whose command line names `marker` (its config file). */
export function barPid(marker: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The node process itself, not the shell whose command line also names the config.
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd[0] === process.execPath && cmd.some((a) => a.endsWith('main.js')) && cmd.includes(marker)) return Number(entry);
    } catch {
      // A process that ended while we looked.
    }
  }
  throw new Error('the bar is not running');
}

/** A field of /proc/PID/status in MB (VmHWM: the peak resident set). */
export const statusMb = (pid: number, field: string) => Number(/(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field)) ?? '')?.[1] ?? NaN) / 1024;

/** The bar's peak resident memory so far, printed as the figure it is and held to the one bound of every peer. */
export function expectPeakUnderBound(peer: string, pid: number): void {
  const peak = statusMb(pid, 'VmHWM:');
  console.log(`${peer}: peak RSS ${peak.toFixed(1)} MB (bound ${PEER_PEAK_RSS_MB} MB)`);
  expect(peak).toBeLessThan(PEER_PEAK_RSS_MB);
}
