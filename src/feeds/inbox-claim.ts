/**
 * One reader for an inbox that several feeds share. tmux runs a status line's `#()` job once per client, so with
 * two clients attached two feeds of one config run for one server, and its click binding appends each click once
 * to one inbox: were both to read it, every click would act twice (a play/pause or monocle toggle undoing itself).
 * So one feed claims the inbox and reads it; the others only draw, and wait to take over.
 *
 * The claim is a Unix socket the claimant listens on, at `<inbox>.claim` in the same private runtime directory
 * (runtime-dir.ts: nobody else can make, replace or connect to anything there):
 * - a feed first connects to it: when that works, a claimant is alive, and the feed stays connected, drawing only;
 *   the kernel closes that connection when the claimant ends, however it ends (even SIGKILL), which is the sign to
 *   try again, at once — no pid that could be reused, no polling;
 * - nothing there: it listens on a socket of its own name and links it to the claim's name (a link is made only
 *   where nothing is: of several feeds trying at once, one gets it, the others wait on that one);
 * - a socket nobody answers (the claimant was killed and could not remove it): it renames its own over it.
 *   Two feeds that do that at the same moment both think they hold it; only one socket is left at the name, so the
 *   other learns otherwise at its next look (`holds`, asked before every read of the inbox) and goes back to waiting.
 * Which feed holds the claim is the socket at the name: that is asked on the file system, every time.
 *
 * Where no claim can be made (the directory's path too long for a socket's name, which Node would silently
 * shorten to somewhere else), the feed reads the inbox unclaimed, as before there were claims, and says so once.
 */
import { linkSync, lstatSync, renameSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** Longest socket path every platform takes (macOS's sun_path holds 104 bytes with its NUL; Linux's 108). */
const MAX_SOCKET_PATH = 103;
/** Tries in a row at once before a feed that cannot claim or wait tries only this often. */
const QUICK_TRIES = 5;
const RETRY_MS = 1_000;

export interface ClaimEvents {
  /** This feed reads the inbox from now on (it makes the inbox anew: click-inbox.ts). */
  taken(): void;
  /** It no longer does: another feed holds the claim. */
  lost(): void;
}

export interface InboxClaim {
  /** Whether this feed holds the claim now. A claim found taken over is given up here (and `lost` said). */
  holds(): boolean;
  /** Gives the claim up (another feed takes over at once) or stops waiting for it. */
  stop(): void;
}

export const claimPathOf = (inbox: string) => `${inbox}.claim`;

/** Claims made by this process so far: each makes its socket under a name of its own. */
let claimsMade = 0;

const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code;

const removeIfThere = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // Not there.
  }
};

export function claimInbox(inbox: string, events: ClaimEvents, log: (line: string) => void): InboxClaim {
  const claim = new Claim(inbox, events, log);
  // Once the caller has the claim: `taken` may ask it at once.
  queueMicrotask(() => claim.attempt());
  return claim;
}

class Claim implements InboxClaim {
  private readonly path: string;
  /** A name of this claim's own, for its socket before that is linked or renamed to the claim's name. */
  private readonly own: string;
  private readonly said = new Set<string>();
  private stopped = false;
  /** Reading without a claim: no claim can be made here. */
  private unclaimed = false;
  private server: Server | undefined;
  /** The claim's socket (its device and inode), while this feed holds it. */
  private held: { dev: number; ino: number } | undefined;
  /** The connection to the claimant, while waiting. */
  private waiting: Socket | undefined;
  /** The connections of the feeds waiting on this one, while it holds the claim. */
  private readonly peers = new Set<Socket>();
  private retry: NodeJS.Timeout | undefined;
  private tries = 0;

  constructor(
    private readonly inbox: string,
    private readonly events: ClaimEvents,
    private readonly log: (line: string) => void,
  ) {
    this.path = claimPathOf(inbox);
    this.own = `${this.path}.${process.pid}.${++claimsMade}`;
  }

  holds(): boolean {
    if (this.unclaimed) return !this.stopped;
    if (!this.held) return false;
    if (this.stillOurs()) return true;
    // Another feed renamed its socket over ours (it found ours not answering), or ours was removed: the socket at
    // the name reads; this feed waits (or claims anew, when there is none).
    this.held = undefined;
    this.closeServer();
    this.events.lost();
    this.later();
    return false;
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    this.waiting?.destroy();
    this.waiting = undefined;
    // Removed before the waiting feeds learn (their connections closing), so that one links its own at once.
    if (this.stillOurs()) removeIfThere(this.path);
    this.held = undefined;
    this.closeServer();
  }

  /** Waits on a live claimant, or claims. */
  attempt(): void {
    if (this.stopped || this.held || this.unclaimed) return;
    if (Buffer.byteLength(this.own) > MAX_SOCKET_PATH) {
      this.readUnclaimed(`its path is longer than a socket's name may be: ${Buffer.byteLength(this.own)} bytes`);
      return;
    }
    const socket = connect(this.path);
    socket.unref();
    socket.on('connect', () => {
      this.tries = 0;
      this.waiting = socket;
      socket.resume();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (this.waiting === socket) return; // 'close' follows, and says what to do
      if (e.code === 'ENOENT') this.take(false);
      else if (e.code === 'ECONNREFUSED' || e.code === 'ENOTSOCK') this.take(true);
      else {
        this.sayOnce(`cannot reach the feed that reads the clicks: ${e.message}`);
        this.later();
      }
    });
    socket.on('close', () => {
      if (this.waiting !== socket) return;
      // The claimant ended (or gave the claim up): the first to claim now reads.
      this.waiting = undefined;
      this.attempt();
    });
  }

  /** Listens on this claim's own name, then puts that socket at the claim's: linked where nothing is, renamed over a dead one. */
  private take(over: boolean): void {
    const s = createServer((peer) => this.welcome(peer));
    s.unref();
    s.on('error', (e) => {
      // Once it holds the claim, an error of its server changes nothing of who reads: a feed that cannot connect
      // to it any more takes the claim over, and this one learns it at its next look.
      if (this.server === s) {
        this.sayOnce(`the claim's socket failed: ${e.message}`);
        return;
      }
      s.close();
      this.sayOnce(`cannot listen for the claim: ${e.message}`);
      this.later();
    });
    removeIfThere(this.own);
    s.listen(this.own, () => {
      if (this.stopped) s.close();
      else this.putInPlace(s, over);
    });
  }

  private putInPlace(s: Server, over: boolean): void {
    try {
      const { dev, ino } = lstatSync(this.own);
      if (over) renameSync(this.own, this.path);
      else {
        linkSync(this.own, this.path);
        unlinkSync(this.own);
      }
      this.server = s;
      this.held = { dev, ino };
      this.tries = 0;
      this.log(`clicks (${this.inbox}): this feed (pid ${process.pid}) reads the clicks; other feeds of this tmux server draw only`);
      this.events.taken();
    } catch (e) {
      s.close();
      // Another feed claimed it meanwhile: wait on that one. Anything else (the directory going away, something
      // of the user's in the claim's place) is tried again, said once.
      if (codeOf(e) !== 'EEXIST') this.sayOnce(`cannot claim: ${(e as Error).message}`);
      this.later();
    }
  }

  /** A waiting feed: it sends nothing; its connection only has to close when this feed ends. */
  private welcome(peer: Socket): void {
    this.peers.add(peer);
    peer.on('error', () => undefined);
    peer.on('close', () => this.peers.delete(peer));
    peer.resume();
    peer.unref();
  }

  private stillOurs(): boolean {
    if (!this.held) return false;
    const at = lstatSync(this.path, { throwIfNoEntry: false });
    return at !== undefined && at.dev === this.held.dev && at.ino === this.held.ino;
  }

  private closeServer(): void {
    for (const peer of this.peers) peer.destroy();
    this.peers.clear();
    // Node removes the name it listened on (this claim's own, linked or renamed away by now), never the claim's.
    this.server?.close();
    this.server = undefined;
  }

  private readUnclaimed(why: string): void {
    this.sayOnce(`no claim can be made (${why}): this feed reads the clicks unclaimed, so with two tmux clients a click may act twice`);
    this.unclaimed = true;
    this.events.taken();
  }

  /** Tries again: at once for the first few tries in a row, then every RETRY_MS. */
  private later(): void {
    if (this.stopped || this.retry) return;
    this.tries += 1;
    this.retry = setTimeout(
      () => {
        this.retry = undefined;
        this.attempt();
      },
      this.tries > QUICK_TRIES ? RETRY_MS : 0,
    );
    this.retry.unref();
  }

  private sayOnce(what: string): void {
    if (this.said.has(what)) return;
    this.said.add(what);
    this.log(`clicks (${this.inbox}): ${what} (said once)`);
  }
}
