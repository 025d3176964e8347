/**
 * komorebi as a Tiler source where Node can open its Unix socket (komorebi for Mac; komorebi on Linux or
 * anything speaking its protocol): the subscription client (client.ts) for state, messages sent as they are.
 */
import type { SocketMessage } from '../config/schema/socket-message.js';
import type { Timers } from '../scheduler/timers.js';
import { sendBatch, subscribe } from './client.js';
import type { TilerSource, TilerSourceEvents } from './manager.js';
import { tilerStateFrom } from './state.js';

export function startKomorebiSocketSource(dir: string, timers: Timers, events: TilerSourceEvents): TilerSource {
  const subscription = subscribe(dir, timers, {
    notification: (doc) => events.snapshot((monitor) => tilerStateFrom(doc, monitor)),
    connection: (connected) => events.connection(connected),
    log: (m) => events.log(m),
  });
  return {
    manager: 'komorebi',
    where: dir,
    send: (messages: readonly SocketMessage[]) => sendBatch(dir, messages),
    async close() {
      await (await subscription).close();
    },
  };
}
