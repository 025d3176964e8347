/** This machine's readers as the commands use them, on the given timers, with the update check's URL. */
import type { SourceReaders } from '../app/readings.js';
import { sleeper, type Timers } from '../scheduler/timers.js';
import { machineReaders } from '../system/readers.js';
import { updateSource } from '../system/update-check.js';
import { publication } from '../publication.js';
import { PACKAGE_NAME, VERSION } from '../version.js';
import type { WidgetRegistry } from '../../widgets/registry.js';
import type { CliIo } from './io.js';

/** The machine's built-in sources, and each source a kind of the registry brings with its own reader. */
/** `log`: where a long-lived reader helper (Windows' network and battery) says its problems. */
export function liveReaders(io: CliIo, timers: Timers, widgets: WidgetRegistry, updateUrl?: string, log?: (message: string) => void): SourceReaders {
  const env = { platform: io.platform, sleep: sleeper(timers), now: () => timers.now(), timers };
  const own = Object.fromEntries(widgets.kinds.flatMap((k) => (k.poll?.reader ? [[k.poll.source, k.poll.reader(env)]] : [])));
  return { ...machineReaders({ ...env, env: io.env, update: updateSource(publication(), io.env, updateUrl), userAgent: `${PACKAGE_NAME}/${VERSION}`, ...(log ? { log } : {}) }), ...own };
}
