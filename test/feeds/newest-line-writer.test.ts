/**
 * The feeds' writer over a stream whose host reads only when the test says so: whatever the order of lines and
 * reads, and whatever the stream's own high-water mark, what is queued stays within the writer's bound and a line, the host reads the head first and then lines
 * in the order they were made, each a whole line with the separator before all but the first, and the newest line
 * last; a quiet writer writes its probe.
 */
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NewestLineWriter } from '../../src/feeds/newest-line-writer.js';
import { until } from '../wait.js';

/** The writer's bound here (HOST_QUEUE_BYTES in a feed), and stream high-water marks below, at and above it. */
const QUEUE = 64;
const HIGH_WATER_MARKS = [1, QUEUE, 16 * 1024, 64 * 1024];
/** The longest line made below, in bytes, with its comma: 30 two-byte characters, quoted and bracketed. */
const LONGEST_LINE = 66;

/** A stream whose writes complete only when `read()` is called: a host that reads when it likes. */
function slowHost(highWaterMark = QUEUE) {
  const pending: Array<() => void> = [];
  const chunks: string[] = [];
  const out = new Writable({
    highWaterMark,
    write(chunk: Buffer, _e, cb) {
      chunks.push(chunk.toString());
      pending.push(() => cb());
    },
  });
  const read = () => pending.shift()?.();
  const readAll = async () => {
    while (pending.length > 0) {
      read();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { out, chunks, read, readAll };
}

const line = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '"'), minLength: 1, maxLength: 30 }).map((s) => `[${JSON.stringify(s)}]\n`);
const step = fc.oneof(line.map((text) => ({ write: text })), fc.constant({ read: true as const }));

describe('NewestLineWriter', () => {
  it('queues a bounded amount, keeps the head and the order, and leaves the host with the newest line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...HIGH_WATER_MARKS), fc.array(step, { minLength: 1, maxLength: 200 }), async (highWaterMark, steps) => {
        const host = slowHost(highWaterMark);
        const writer = new NewestLineWriter(host.out, { head: 'HEAD\n[\n', separator: ',', queueBytes: QUEUE });
        const made: string[] = [];
        for (const s of steps) {
          if ('write' in s) {
            writer.write(s.write);
            made.push(s.write);
          } else host.read();
          await new Promise((r) => setImmediate(r));
          expect(host.out.writableLength).toBeLessThan(QUEUE + LONGEST_LINE);
        }
        await host.readAll();
        writer.stop();
        const [head, ...lines] = host.chunks;
        expect(head).toBe('HEAD\n[\n');
        // The endless array, closed here: valid only with each line whole and a comma before all but the first.
        expect(JSON.parse(`[${lines.join('')}]`)).toHaveLength(lines.length);
        // The lines the host read are lines made, in the order made, ending with the newest.
        const read = lines.map((l, i) => (i === 0 ? l : l.replace(/^,/, '')));
        let at = 0;
        for (const l of read) {
          at = made.indexOf(l, at);
          expect(at).toBeGreaterThanOrEqual(0);
          at += 1;
        }
        if (made.length > 0) expect(read.at(-1)).toBe(made.at(-1));
      }),
      { numRuns: 200 },
    );
  });

  it('writes its probe after a quiet while, and the last line again when it has none', async () => {
    const blank = slowHost();
    const i3bar = new NewestLineWriter(blank.out, { head: 'HEAD\n', quietMs: 10, probe: '\n' });
    const again = slowHost();
    const line = new NewestLineWriter(again.out, { quietMs: 10 });
    try {
      line.write('quiet\n');
      await until(async () => {
        await blank.readAll();
        await again.readAll();
        return blank.chunks.includes('\n') && again.chunks.filter((c) => c === 'quiet\n').length >= 2;
      }, 'both probes');
    } finally {
      i3bar.stop();
      line.stop();
    }
  });
});
