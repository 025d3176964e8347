/**
 * Frames on the core's channel: a 4-byte big-endian length, then that many bytes of UTF-8 JSON. A length says
 * how much is coming before any of it is held, so a reader refuses a frame over its cap at the first four bytes
 * instead of buffering a flood until a newline that never comes; window titles and model text need no escaping.
 * What a frame holds is parsed only within `FRAME_JSON_LIMITS` (io/bounded-json.ts). A reader that meets a bad
 * frame stops for good: the connection is broken, and whoever owns it drops that one connection.
 */
import { parseBoundedJson, type JsonLimits } from '../io/bounded-json.js';
import { FRAME_JSON_LIMITS } from './protocol.js';

const HEADER_BYTES = 4;

/** A value as one frame; `undefined` when its JSON is over `maxBytes` (the sender's own cap: nothing is sent). */
export function encodeFrame(value: unknown, maxBytes: number): Buffer | undefined {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  if (body.length > maxBytes) return undefined;
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

export type FrameResult = { ok: true; values: unknown[] } | { ok: false; problem: string; values: unknown[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Takes a stream's chunks as they come (split or merged anywhere) and gives back the whole frames' values.
 * Holds at most one frame's bytes (≤ `maxBytes` + 4) beyond what it has handed back.
 */
export class FrameReader {
  readonly #maxBytes: number;
  readonly #limits: JsonLimits;
  #chunks: Buffer[] = [];
  #held = 0;
  /** The frame being read: its body's length, once its header is in. */
  #needed: number | undefined;
  #problem: string | undefined;

  constructor(maxBytes: number, limits: JsonLimits = FRAME_JSON_LIMITS) {
    this.#maxBytes = maxBytes;
    this.#limits = limits;
  }

  /** Why the stream was refused, once it was; nothing more is read after that. */
  get problem(): string | undefined {
    return this.#problem;
  }

  push(chunk: Buffer): FrameResult {
    const values: unknown[] = [];
    if (this.#problem) return { ok: false, problem: this.#problem, values };
    this.#chunks.push(chunk);
    this.#held += chunk.length;
    for (;;) {
      if (this.#needed === undefined) {
        if (this.#held < HEADER_BYTES) break;
        const length = this.#take(HEADER_BYTES).readUInt32BE(0);
        if (length > this.#maxBytes) return this.#refuse(`a frame of ${length} bytes (at most ${this.#maxBytes})`, values);
        this.#needed = length;
      }
      if (this.#held < this.#needed) break;
      const body = this.#take(this.#needed);
      this.#needed = undefined;
      let text: string;
      try {
        text = utf8.decode(body);
      } catch {
        return this.#refuse('a frame that is not UTF-8', values);
      }
      const parsed = parseBoundedJson(text, this.#limits);
      if (!parsed.ok) return this.#refuse(`a frame ${parsed.problem}`, values);
      values.push(parsed.value);
    }
    return { ok: true, values };
  }

  #refuse(problem: string, values: unknown[]): FrameResult {
    this.#problem = problem;
    this.#chunks = [];
    this.#held = 0;
    return { ok: false, problem, values };
  }

  /** The next `n` held bytes (n ≤ held), as one buffer. */
  #take(n: number): Buffer {
    const first = this.#chunks[0];
    let out: Buffer;
    if (first && first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(n);
    } else {
      out = Buffer.allocUnsafe(n);
      let at = 0;
      while (at < n) {
        const chunk = this.#chunks[0] as Buffer;
        const used = Math.min(chunk.length, n - at);
        chunk.copy(out, at, 0, used);
        at += used;
        if (used === chunk.length) this.#chunks.shift();
        else this.#chunks[0] = chunk.subarray(used);
      }
    }
    this.#held -= n;
    return out;
  }
}
