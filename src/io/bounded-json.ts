/**
 * JSON from a peer we do not trust (a window manager's socket, a helper's pipe, a registry), parsed only once
 * it is known to be small enough to hold: at most `maxDepth` objects and arrays deep and at most `maxValues`
 * values. JSON.parse alone turns 8 MB of `[[[…]]]` (4 million levels) into a 640 MB peak before it fails, and
 * 8 MB of `{},{},…` into millions of objects. The check is one pass over the characters with no allocation;
 * what passes is parsed by JSON.parse, so the result is exactly JSON.parse's.
 */

export interface JsonLimits {
  /** Objects and arrays nested deeper than this are refused. */
  maxDepth: number;
  /** More values than this (objects, arrays, strings, numbers, literals) are refused. */
  maxValues: number;
}

/** What window managers and helpers may send: a large i3 tree of a busy session is ~40 deep and ~100,000 values. */
export const PEER_JSON_LIMITS: JsonLimits = { maxDepth: 128, maxValues: 1_000_000 };

export type BoundedJson = { ok: true; value: unknown } | { ok: false; problem: string };

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Depth and size of a JSON text, counted as it arrives and without parsing it, in characters or in UTF-8 bytes
 * alike (JSON's brackets, quotes, backslash and comma are ASCII, and no byte of a multi-byte UTF-8 character
 * is): a reader can stop taking a reply at the first bracket too deep. Values are counted as the containers plus
 * the commas between members and items plus one, which is at least the number of values in a document JSON
 * accepts (a document JSON refuses is refused by JSON.parse afterwards anyway).
 */
export class JsonShape {
  private depth = 0;
  private values = 1;
  private inString = false;
  private escaped = false;
  /** Why the text is refused, once it is. */
  problem: string | undefined;

  constructor(private readonly limits: JsonLimits) {}

  /** Take the next piece; returns the problem as soon as there is one. */
  push(piece: string | Uint8Array): string | undefined {
    if (this.problem) return this.problem;
    const { maxDepth, maxValues } = this.limits;
    const text = typeof piece === 'string';
    for (let i = 0; i < piece.length; i++) {
      const c = text ? (piece as string).charCodeAt(i) : (piece as Uint8Array)[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        continue;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (++this.depth > maxDepth) return (this.problem = `nested more than ${maxDepth} deep`);
        if (++this.values > maxValues) return (this.problem = `more than ${maxValues} values`);
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) this.depth--;
      else if (c === COMMA && ++this.values > maxValues) return (this.problem = `more than ${maxValues} values`);
    }
    return undefined;
  }
}

/** The shape of a whole text: `{ problem }` when it is deeper or larger than `limits`. */
export function jsonShape(text: string, limits: JsonLimits): { problem?: string } {
  const problem = new JsonShape(limits).push(text);
  return problem ? { problem } : {};
}

/** The value of a JSON text within `limits`, or why there is none. Never throws. */
export function parseBoundedJson(text: string, limits: JsonLimits = PEER_JSON_LIMITS): BoundedJson {
  const shape = jsonShape(text, limits);
  if (shape.problem) return { ok: false, problem: shape.problem };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Not the parser's message: it quotes the text, and a peer's bytes do not go into a log.
    return { ok: false, problem: 'not JSON' };
  }
}
