import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameReader } from '../../src/channel/framing.js';

const frame = (value: unknown, max = 1 << 20) => encodeFrame(value, max) as Buffer;

/** Cuts a buffer at the given points (sorted, deduplicated, inside it). */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of at) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

describe('the channel’s frames', () => {
  it('come back as the values sent, however the stream is split or merged', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), (values, points) => {
        const stream = Buffer.concat(values.map((v) => frame(v)));
        const reader = new FrameReader(1 << 20);
        const got: unknown[] = [];
        for (const piece of cut(stream, points)) {
          const r = reader.push(piece);
          expect(r.ok).toBe(true);
          got.push(...r.values);
        }
        expect(got).toEqual(values.map((v) => JSON.parse(JSON.stringify(v)) as unknown));
      }),
    );
  });

  it('refuses a length over the cap at its header, before holding its bytes', () => {
    const reader = new FrameReader(1024);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(2 ** 31, 0);
    const r = reader.push(header);
    expect(r).toMatchObject({ ok: false, problem: 'a frame of 2147483648 bytes (at most 1024)' });
    // Nothing more is read once refused: a good frame after it is not taken.
    expect(reader.push(frame({ t: 'hello' })).values).toEqual([]);
  });

  it('refuses JSON nested too deep, bytes that are not UTF-8 and text that is not JSON', () => {
    const deep = Buffer.from('['.repeat(100) + ']'.repeat(100));
    const header = (n: number) => {
      const h = Buffer.alloc(4);
      h.writeUInt32BE(n, 0);
      return h;
    };
    expect(new FrameReader(1024).push(Buffer.concat([header(deep.length), deep]))).toMatchObject({ ok: false, problem: 'a frame nested more than 64 deep' });
    expect(new FrameReader(1024).push(Buffer.concat([header(2), Buffer.from([0xc3, 0x28])]))).toMatchObject({ ok: false, problem: 'a frame that is not UTF-8' });
    expect(new FrameReader(1024).push(Buffer.concat([header(3), Buffer.from('{x}')]))).toMatchObject({ ok: false, problem: 'a frame not JSON' });
  });

  it('gives the frames before a bad one, and never throws on garbage', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 16 }), (chunks) => {
        const reader = new FrameReader(256);
        for (const c of chunks) reader.push(Buffer.from(c));
      }),
    );
    const r = new FrameReader(256).push(Buffer.concat([frame({ a: 1 }), Buffer.from([0, 0, 0, 2, 0xff, 0xff])]));
    expect(r).toMatchObject({ ok: false, values: [{ a: 1 }] });
  });

  it('says nothing is sent when a value is over the sender’s own cap', () => {
    expect(encodeFrame({ text: 'x'.repeat(100) }, 50)).toBeUndefined();
    expect(encodeFrame({ text: 'x' }, 50)?.readUInt32BE(0)).toBe(12);
  });
});
