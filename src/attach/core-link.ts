/**
 * A front end's connection to the user's core: the handshake (the core proves it holds the key, then the front
 * end does: channel/auth.ts), the attach, and then the core's messages one at a time. Knows nothing of where the
 * core is or how it is started (attach.ts): it is handed a connected socket and the key.
 */
import type { Socket } from 'node:net';
import { coreProof, frontProof, isNonce, newNonce, proofMatches } from '../channel/auth.js';
import { encodeFrame, FrameReader } from '../channel/framing.js';
import { HELLO_WITHIN_MS, MAX_IN_FRAME, MAX_OUT_FRAME, PROTOCOL, type BarSelect, type CoreMessage, type FrontMessage, type Role } from '../channel/protocol.js';
import type { Timers } from '../scheduler/timers.js';
import { coreMessageOf } from './core-messages.js';

export interface LinkRequest {
  role: Role;
  select: BarSelect;
  app: string;
  pid: number;
}

/**
 * Why a core was not attached to: none answers, it is not ours (a wrong proof), of another protocol, refused, broken,
 * `silent`: something accepted the connection and said nothing within HELLO_WITHIN_MS (a hung core), or `replaced`:
 * an older tilebar's core that makes way for this one's (serve/core-handover.ts).
 */
export type LinkFailure = { kind: 'absent' | 'not-ours' | 'mismatch' | 'refused' | 'broken' | 'silent' | 'replaced'; why: string };

export type Attached = Extract<CoreMessage, { t: 'attached' }>;

export class CoreLink {
  readonly #socket: Socket;
  readonly #reader = new FrameReader(MAX_OUT_FRAME);
  #onMessage: (m: CoreMessage) => void = () => undefined;
  #onClose: (why: string) => void = () => undefined;
  #closed = false;
  /** Messages that came between the handshake's end and `listen`. */
  #held: CoreMessage[] = [];
  #heldClose: string | undefined;
  /** Set once the handshake is over: the core's pid, as it said it in its welcome. */
  corePid = 0;
  coreApp = '';

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      const read = this.#reader.push(chunk);
      for (const value of read.values) {
        if (this.#closed) return;
        const message = coreMessageOf(value);
        if (!message) return this.#lose('the core sent a message this front end does not know');
        this.#onMessage(message);
      }
      if (!read.ok) this.#lose(`the core sent ${read.problem}`);
    });
    socket.on('error', (e) => this.#lose(e.message));
    socket.on('close', () => this.#lose('the core closed the connection'));
  }

  /**
   * Says hello on a connected socket, proves both ends and attaches; resolves with the link and the core's
   * `attached`, or why not (the socket is then destroyed). Never rejects.
   */
  static open(socket: Socket, key: Buffer, request: LinkRequest, timers: Timers): Promise<{ ok: true; link: CoreLink; attached: Attached | undefined } | ({ ok: false } & LinkFailure)> {
    const link = new CoreLink(socket);
    const nonce = newNonce();
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: { ok: true; link: CoreLink; attached: Attached | undefined } | ({ ok: false } & LinkFailure)) => {
        if (done) return;
        done = true;
        timers.clearTimeout(timer);
        if (!result.ok) link.close();
        // What comes after the handshake (the first state may share the attach's chunk) waits for `listen`.
        else link.hold();
        resolve(result);
      };
      const timer = timers.setTimeout(() => finish({ ok: false, kind: 'silent', why: `the core did not answer within ${HELLO_WITHIN_MS / 1000} s` }), HELLO_WITHIN_MS);
      link.#onClose = (why) => finish({ ok: false, kind: 'broken', why });
      link.#onMessage = (m) => {
        if (m.t === 'mismatch') return finish({ ok: false, kind: 'mismatch', why: `the core running is tilebar ${m.app} (protocol ${m.protocol}; this is ${PROTOCOL})` });
        if (m.t === 'welcome') {
          if (!isNonce(m.nonce) || !proofMatches(coreProof(key, nonce, m.nonce), m.proof)) return finish({ ok: false, kind: 'not-ours', why: 'what answers there did not prove it holds the key: not this user’s core' });
          link.corePid = m.pid;
          link.coreApp = m.app;
          link.send({ t: 'auth', proof: frontProof(key, m.nonce, nonce) });
          link.send({ t: 'attach', role: request.role, select: request.select, pid: request.pid });
          if (request.role.kind === 'status') finish({ ok: true, link, attached: undefined });
          return;
        }
        if (m.t === 'attached') return finish({ ok: true, link, attached: m });
        // Nothing else comes before the attach from a core of this protocol; a tick or a log line would be harmless.
        if (m.t === 'tick' || m.t === 'log') return;
        if (m.t === 'refused') return finish({ ok: false, kind: 'refused', why: m.why });
        if (m.t === 'bye' && m.replacedBy !== undefined) return finish({ ok: false, kind: 'replaced', why: m.reason });
        // `serve --stop` is answered with the core's goodbye: what it asked for.
        if (m.t === 'bye' && request.role.kind === 'stop') return finish({ ok: true, link, attached: undefined });
        finish({ ok: false, kind: 'broken', why: `the core sent "${m.t}" before attaching` });
      };
      link.send({ t: 'hello', protocol: PROTOCOL, app: request.app, nonce });
    });
  }

  /** What the core sends from now on, and how the link ended (once). */
  listen(onMessage: (m: CoreMessage) => void, onClose: (why: string) => void): void {
    this.#onMessage = onMessage;
    this.#onClose = onClose;
    // Each held message goes to whoever listens when its turn comes: a listener may hand over (hold, listen)
    // after the first, and the rest are then the next listener's.
    while (this.#held.length > 0 && this.#onMessage === onMessage) this.#onMessage(this.#held.shift() as CoreMessage);
    if (this.#heldClose !== undefined && this.#onClose === onClose) {
      const why = this.#heldClose;
      this.#heldClose = undefined;
      onClose(why);
    }
  }

  /** Keeps what comes (messages, the end) until the next `listen`: between one listener and the next. */
  hold(): void {
    this.#onMessage = (m) => this.#held.push(m);
    this.#onClose = (why) => (this.#heldClose = why);
  }

  send(message: FrontMessage): void {
    if (this.#closed || this.#socket.destroyed) return;
    const frame = encodeFrame(message, MAX_IN_FRAME);
    if (frame) this.#socket.write(frame);
  }

  /** Leaves (the core releases this front end's bar). */
  close(): void {
    if (this.#closed) return;
    this.send({ t: 'detach' });
    this.#closed = true;
    this.#socket.end();
    this.#socket.destroySoon?.();
  }

  /** The connection is of no more use (broken, or the core hung): dropped now. */
  destroy(why: string): void {
    this.#socket.destroy();
    this.#lose(why);
  }

  #lose(why: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket.destroy();
    this.#onClose(why);
  }
}
