/**
 * Which of a Mac's mounted volumes the Storage widget shows. Since macOS 11 `df` lists the startup disk's APFS
 * siblings under /System/Volumes (Data, VM, Preboot, Update, and on Apple Silicon xarts, iSCPreboot, Hardware):
 * each reports the same container's free space as `/`, or a firmware partition the user never sees; Finder shows
 * none of them. Time Machine's local snapshots (a `localhost:/…` file system on /Volumes/MobileBackups, OS X
 * 10.7–10.12) read as always full, and /private/var/vm is the swap volume of macOS 10.15.
 */
import type { Disk } from './readings.js';

export function macUserVolumes(disks: readonly Disk[]): Disk[] {
  return disks.filter((d) => !d.mount.startsWith('/System/Volumes/') && d.mount !== '/private/var/vm' && !d.name.startsWith('localhost:/'));
}
