/**
 * The i3/sway IPC protocol over a Unix socket: each message is the magic `i3-ipc`, a 32-bit payload length and
 * a 32-bit type (native byte order: little-endian on every machine tilebar runs on), then the payload. The
 * length is in bytes, so a workspace or layout name outside ASCII frames correctly. Replies come in the order
 * of requests; events carry the high bit in their type. A peer's length is bounded: a message over 8 MiB is a
 * broken or hostile peer and ends the connection.
 */
import { createConnection, type Socket } from 'node:net';
import { JsonShape, PEER_JSON_LIMITS } from '../io/bounded-json.js';

const MAGIC = Buffer.from('i3-ipc');
const HEADER = MAGIC.length + 8;
export const MAX_IPC_MESSAGE = 8 * 1024 * 1024;
export const EVENT_BIT = 0x80000000;

export const I3_MESSAGE = { RUN_COMMAND: 0, GET_WORKSPACES: 1, SUBSCRIBE: 2, GET_OUTPUTS: 3, GET_TREE: 4, GET_VERSION: 7, GET_BINDING_STATE: 12, GET_INPUTS: 100 } as const;

export function encodeI3Message(type: number, payload = ''): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(body.length, MAGIC.length);
  header.writeUInt32LE(type >>> 0, MAGIC.length + 4);
  return Buffer.concat([header, body]);
}

/**
 * Splits a byte stream into messages; throws on a bad magic or an over-long message (the caller closes).
 * Chunks are kept as they come and joined once a message is whole: joining at every chunk copied an 8 MiB
 * message ~128 times over (half a gigabyte of copies, a 170 MB peak against a hostile peer).
 */
export class I3Decoder {
  private chunks: Buffer[] = [];
  private size = 0;
  /** The shape of the payload being received, fed as its bytes arrive: i3's payloads are all JSON. */
  private shape: JsonShape | undefined;
  private fed = 0;

  push(chunk: Buffer): Array<{ type: number; payload: string }> {
    this.chunks.push(chunk);
    this.size += chunk.length;
    const out: Array<{ type: number; payload: string }> = [];
    while (this.size >= HEADER) {
      const header = this.first(HEADER);
      if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not the i3 IPC protocol (bad magic)');
      const length = header.readUInt32LE(MAGIC.length);
      if (length > MAX_IPC_MESSAGE) throw new Error(`a message of ${length} bytes (at most ${MAX_IPC_MESSAGE} are read)`);
      // A reply nested too deep or with too many values is refused at the byte that makes it so, before the
      // rest of it is held (a nested 8 MiB reply: ~130 bytes read).
      this.shape ??= new JsonShape(PEER_JSON_LIMITS);
      const arrived = Math.min(this.size - HEADER, length);
      if (arrived > this.fed) {
        this.feed(HEADER + this.fed, HEADER + arrived);
        this.fed = arrived;
      }
      if (this.size < HEADER + length) break;
      const message = this.first(HEADER + length);
      out.push({ type: message.readUInt32LE(MAGIC.length + 4), payload: message.subarray(HEADER).toString('utf8') });
      this.drop(HEADER + length);
      this.shape = undefined;
      this.fed = 0;
    }
    return out;
  }

  /** Bytes [from, to) of what is held, to the payload's shape, without joining chunks. */
  private feed(from: number, to: number): void {
    let at = 0;
    for (const c of this.chunks) {
      const start = Math.max(from, at);
      const end = Math.min(to, at + c.length);
      if (start < end) {
        const problem = this.shape?.push(c.subarray(start - at, end - at));
        if (problem) throw new Error(`a message ${problem}`);
      }
      at += c.length;
      if (at >= to) return;
    }
  }

  /** The first `n` bytes held (n ≤ size), joining only the chunks they span. */
  private first(n: number): Buffer {
    if ((this.chunks[0]?.length ?? 0) >= n) return (this.chunks[0] as Buffer).subarray(0, n);
    const all = Buffer.concat(this.chunks, this.size);
    this.chunks = [all];
    return all.subarray(0, n);
  }

  private drop(n: number): void {
    const head = this.first(n);
    const rest = (this.chunks[0] as Buffer).subarray(head.length);
    this.chunks = rest.length > 0 ? [rest, ...this.chunks.slice(1)] : this.chunks.slice(1);
    this.size -= n;
  }
}

export interface I3Connection {
  /** Send a request; its reply comes to `onMessage` in order. */
  send(type: number, payload?: string): void;
  close(): void;
  socket: Socket;
}

/**
 * Connect to `path`; every message (reply or event) goes to `onMessage`; `onEnd` is called once, with why,
 * when the connection ends for any reason (refused, closed by the peer, a protocol violation).
 */
export function connectI3(path: string, onMessage: (type: number, payload: string) => void, onEnd: (why: string) => void): I3Connection {
  const socket = createConnection(path);
  const decoder = new I3Decoder();
  let ended = false;
  const end = (why: string) => {
    if (ended) return;
    ended = true;
    socket.destroy();
    onEnd(why);
  };
  socket.on('data', (chunk: Buffer) => {
    let messages: Array<{ type: number; payload: string }>;
    try {
      messages = decoder.push(chunk);
    } catch (e) {
      end(e instanceof Error ? e.message : String(e));
      return;
    }
    for (const m of messages) onMessage(m.type, m.payload);
  });
  socket.on('error', (e: NodeJS.ErrnoException) => end(e.code ?? e.message));
  socket.on('close', () => end('the connection closed'));
  return {
    socket,
    send: (type, payload) => {
      if (!ended) socket.write(encodeI3Message(type, payload));
    },
    close: () => {
      ended = true;
      socket.destroy();
    },
  };
}
