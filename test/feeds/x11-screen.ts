/**
 * Reading an X server's screen and clicking on it, with the `x11` package the tests already use (XTEST for the
 * click, GetImage for the pixels): what a user sees of a host bar and how they click it, with no extra programs.
 */
import { createRequire } from 'node:module';

interface X {
  GetImage(format: number, drawable: number, x: number, y: number, w: number, h: number, planes: number, cb: (err: Error | null, img: { depth: number; data: Buffer }) => void): void;
  require(ext: 'xtest', cb: (err: Error | null, xt: XTest) => void): void;
  terminate(): void;
}
interface XTest {
  FakeInput(type: number, detail: number, time: number, wid: number, x: number, y: number): void;
  MotionNotify: number;
  ButtonPress: number;
  ButtonRelease: number;
}

export interface X11Screen {
  /** The colours of a rectangle, `#rrggbb` per pixel, row by row. */
  pixels(x: number, y: number, width: number, height: number): Promise<string[][]>;
  /** A left click at (x, y), as a pointer would make it. */
  click(x: number, y: number): Promise<void>;
  close(): void;
}

export function openX11Screen(display: string): Promise<X11Screen> {
  const require = createRequire(import.meta.url);
  const x11 = require('x11') as { createClient(o: { display: string }, cb: (err: Error | null, d: { client: X; screen: Array<{ root: number }> }) => void): { on(e: 'error', f: (e: Error) => void): void } };
  return new Promise((resolve, reject) => {
    const conn = x11.createClient({ display }, (err, d) => {
      if (err) return reject(err);
      const X = d.client;
      const root = d.screen[0]?.root ?? 0;
      const hex = (b: Buffer, i: number) => `#${[b[i + 2], b[i + 1], b[i]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;
      resolve({
        pixels: (x, y, width, height) =>
          new Promise((res, rej) =>
            X.GetImage(2, root, x, y, width, height, 0xffffffff, (e, img) => {
              if (e) return rej(e);
              // ZPixmap at depth 24: four bytes a pixel, blue first.
              const rows: string[][] = [];
              for (let r = 0; r < height; r++) rows.push(Array.from({ length: width }, (_, c) => hex(img.data, (r * width + c) * 4)));
              res(rows);
            }),
          ),
        click: (x, y) =>
          new Promise((res, rej) =>
            X.require('xtest', (e, xt) => {
              if (e) return rej(e);
              xt.FakeInput(xt.MotionNotify, 0, 0, root, x, y);
              xt.FakeInput(xt.ButtonPress, 1, 0, root, 0, 0);
              xt.FakeInput(xt.ButtonRelease, 1, 0, root, 0, 0);
              // A round trip, so the events are through before the caller looks.
              X.GetImage(2, root, 0, 0, 1, 1, 0xffffffff, () => res());
            }),
          ),
        close: () => X.terminate(),
      });
    });
    conn.on('error', reject);
  });
}
