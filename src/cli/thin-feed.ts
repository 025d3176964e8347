/**
 * `tilebar feed <host> --pipe`: the front end of a thin feed (serve/thin-feeds.ts). It finds the user's core (starting
 * one when none answers, as every front end does), asks it for a pipe with this host's feed, prints the pipe's path
 * for the host's shell loop to `cat`, and ends: no Node process stays for the host. Status 1, with why on stderr,
 * when no pipe can be had (the loop then runs the feed in a process of its own).
 */
import type { BarSelect, PipeFeed } from '../channel/protocol.js';
import type { Log } from '../io/log.js';
import type { Timers } from '../scheduler/timers.js';
import { usersCore } from './front-end-bar.js';
import type { CliIo } from './io.js';

/** A thin feed's front end could not get a pipe (the loop runs a feed of its own instead). */
export const NO_PIPE_STATUS = 1;

/**
 * Looks for the core this often at most while its connection breaks before the attach is answered: the core died
 * in the handshake (killed, ended as hung by another front end, or stopping when idle). Given up at once, the loop
 * would run a Node feed of its own for as long as its host runs; the next look finds the next core, or starts it.
 */
export const MOST_LOOKS = 3;
const LOOK_AGAIN_MS = 100;

export interface ThinAsk {
  io: CliIo;
  timers: Timers;
  log: Log;
  host: string;
  pipe: PipeFeed;
  select: BarSelect;
  /** Where a core this front end starts writes what it says before its own log is open. */
  logPath: string;
}

export async function thinFeed(a: ThinAsk): Promise<number> {
  const refuse = (why: string) => {
    a.log(`feed ${a.host} --pipe: no pipe: ${why}; the host's loop runs a feed of its own`);
    a.io.err(`tilebar feed ${a.host} --pipe: no pipe: ${why}\n`);
    return NO_PIPE_STATUS;
  };
  if (a.io.platform === 'win32') return refuse('Windows has no named pipes a host could cat');
  const core = usersCore({ io: a.io, timers: a.timers, log: a.log, logPath: a.logPath, role: { kind: 'feed', host: a.host, pipe: a.pipe }, select: a.select });
  if (!core.ok) return refuse(core.why);
  let found = await core.find({ mayStart: true });
  for (let looks = 1; !found.ok && found.kind === 'broken' && looks < MOST_LOOKS; looks++) {
    a.log(`feed ${a.host} --pipe: the core's connection broke before it answered (${found.why}); looking for the core again`);
    await new Promise<void>((resolve) => a.timers.setTimeout(resolve, LOOK_AGAIN_MS));
    found = await core.find({ mayStart: true });
  }
  if (!found.ok) return refuse(`${found.kind}: ${found.why}`);
  found.link.close();
  const pipe = found.attached?.pipe;
  if (pipe === undefined) return refuse(`the core (pid ${found.link.corePid}) attached it without a pipe`);
  a.io.out(`${pipe}\n`);
  return 0;
}
