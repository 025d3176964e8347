/** A Tiler source's events, recorded: the state for monitor 0 after each snapshot, connection changes and log lines. */
import type { TilerSourceEvents } from '../../src/tiler/manager.js';
import type { TilerState } from '../../src/tiler/state.js';

export function recordingEvents(opts: { clearOnDisconnect?: boolean } = {}) {
  const states: Array<TilerState | undefined> = [];
  const connections: boolean[] = [];
  const logs: string[] = [];
  const events: TilerSourceEvents = {
    snapshot: (derive) => {
      const r = derive(0);
      states.push(r.ok ? r.state : undefined);
    },
    connection: (c) => {
      connections.push(c);
      // As the bar does: nothing is shown from a manager that is gone.
      if (!c && opts.clearOnDisconnect) states.push(undefined);
    },
    log: (m) => void logs.push(m),
  };
  return { states, connections, logs, events, last: () => states.at(-1) };
}
