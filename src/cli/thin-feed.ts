/**
 * `tilebar feed <host> --pipe`: the front end of a thin feed (serve/thin-feeds.ts). It finds the user's core (starting
 * one when none answers, as every front end does), asks it for a pipe with this host's feed, prints the pipe's path
 * for the host's shell loop to `cat`, and ends: no Node process stays for the host. Status 1, with why on stderr,
 * when no pipe can be had (the loop then runs the feed in a process of its own).
 */
import { findCore, type Handover } from '../attach/find-core.js';
import { corePlan, spawnCore } from '../attach/spawn-core.js';
import type { BarSelect, PipeFeed } from '../channel/protocol.js';
import type { Log } from '../io/log.js';
import { userHome } from '../io/user-dirs.js';
import { inSingleExecutable } from '../install/sea.js';
import type { Timers } from '../scheduler/timers.js';
import { coreEndpoint } from '../serve/endpoint.js';
import { VERSION } from '../version.js';
import type { CliIo } from './io.js';
import { NODE_LAUNCH_FLAGS } from './node-launch-flags.js';

/** A thin feed's front end could not get a pipe (the loop runs a feed of its own instead). */
export const NO_PIPE_STATUS = 1;

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
  if (a.io.env.TILEBAR_STANDALONE === '1') return refuse('TILEBAR_STANDALONE=1 asks for a bar in its own process');
  const place = coreEndpoint(a.io.env, a.io.platform, userHome(a.io.env, a.io.platform));
  if (!place.ok) return refuse(place.why);
  const plan = corePlan(process.pid, { sea: inSingleExecutable(), launchFlags: NODE_LAUNCH_FLAGS });
  // One that cannot start a core never asks an older one to make way: it would leave its bars with none.
  const handover: Handover = { mayAsk: plan !== undefined };
  const found = await findCore({
    endpoint: place.endpoint,
    request: { role: { kind: 'feed', host: a.host, pipe: a.pipe }, select: a.select, app: VERSION, pid: process.pid },
    timers: a.timers,
    log: a.log,
    handover,
    ...(plan ? { start: () => spawnCore(plan, a.io.env, userHome(a.io.env, a.io.platform), a.logPath) } : {}),
  });
  if (!found.ok) return refuse(`${found.kind}: ${found.why}`);
  found.link.close();
  const pipe = found.attached?.pipe;
  if (pipe === undefined) return refuse(`the core (pid ${found.link.corePid}) attached it without a pipe`);
  a.io.out(`${pipe}\n`);
  return 0;
}
