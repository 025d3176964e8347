/**
 * What a process listens on, read from outside as `ss -ltnp` would: the socket inodes among its open
 * descriptors (/proc/PID/fd) matched against the kernel's TCP tables (/proc/net/tcp, tcp6) in the LISTEN state.
 * Owned by the pid, so another process on the machine listening on 9229 (another test, a debugger) never counts.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/** The TCP ports `pid` listens on (empty when it listens on none, or has ended). */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m?.[1]) inodes.add(m[1]);
      } catch {
        // A descriptor closed while we looked.
      }
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (f[3] === LISTEN && f[9] !== undefined && inodes.has(f[9])) ports.push(parseInt(f[1]?.split(':')[1] ?? '0', 16));
    }
  }
  return ports;
}

/** Whether the process still runs (a zombie has ended: its status is Z). */
export function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
