/** This machine's readers as the commands use them, on the given timers, with the update check's URL. */
import { sleeper, type Timers } from '../scheduler/timers.js';
import { machineReaders } from '../system/readers.js';
import type { Readers } from '../system/readings.js';
import { updateCheckUrl } from '../system/update-check.js';
import { PACKAGE_NAME, VERSION } from '../version.js';
import type { CliIo } from './io.js';

export function liveReaders(io: CliIo, timers: Timers, updateUrl?: string): Readers {
  return machineReaders({
    platform: io.platform,
    sleep: sleeper(timers),
    now: () => timers.now(),
    updateUrl: updateCheckUrl(PACKAGE_NAME, io.env, updateUrl),
    userAgent: `${PACKAGE_NAME}/${VERSION}`,
  });
}
