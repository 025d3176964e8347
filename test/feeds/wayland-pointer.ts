/**
 * A pointer for a headless Wayland compositor (sway): a tiny Wayland client that creates a virtual pointer
 * (wlr-virtual-pointer-unstable-v1), moves it to a point and clicks. A headless sway has no input devices, so its
 * seat has no pointer and its clients (Waybar, swaybar) get no pointer events at all; a virtual pointer gives
 * them one, and its clicks reach them as a user's would. The Wayland wire format is written by hand here: the
 * few requests a click needs, on the compositor's socket.
 */
import { connect, type Socket } from 'node:net';

const BTN_LEFT = 0x110;

function message(object: number, opcode: number, args: Buffer[]): Buffer {
  const body = Buffer.concat(args);
  const head = Buffer.alloc(8);
  head.writeUInt32LE(object, 0);
  head.writeUInt32LE(((8 + body.length) << 16) | opcode, 4);
  return Buffer.concat([head, body]);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0, 0);
  return b;
};

function str(s: string): Buffer {
  const bytes = Buffer.from(`${s}\0`);
  const padded = Buffer.alloc(4 + Math.ceil(bytes.length / 4) * 4);
  padded.writeUInt32LE(bytes.length, 0);
  bytes.copy(padded, 4);
  return padded;
}

export interface WaylandPointer {
  /** A left click at (x, y) of an output `width` × `height` (the pointer moves there first). */
  click(x: number, y: number, width: number, height: number): Promise<void>;
  /** The pointer to (x, y), no click (out of a screenshot's way). */
  move(x: number, y: number, width: number, height: number): Promise<void>;
  close(): void;
}

/** Connects to the compositor at `socketPath` and makes a virtual pointer on its first seat. */
export function openWaylandPointer(socketPath: string): Promise<WaylandPointer> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(socketPath);
    const globals = new Map<string, number>();
    let pending = Buffer.alloc(0);
    let syncs = 0;
    const waiting = new Map<number, () => void>();
    let nextId = 2;
    const send = (object: number, opcode: number, ...args: Buffer[]) => socket.write(message(object, opcode, args));
    // A roundtrip: wl_display.sync, answered once everything sent before it was handled.
    const roundtrip = () =>
      new Promise<void>((done) => {
        const id = nextId++;
        syncs++;
        waiting.set(id, done);
        send(1, 0, u32(id));
      });
    const registry = nextId++;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 8) {
        const object = pending.readUInt32LE(0);
        const sizeOp = pending.readUInt32LE(4);
        const size = sizeOp >>> 16;
        if (pending.length < size) break;
        const body = pending.subarray(8, size);
        const opcode = sizeOp & 0xffff;
        if (object === registry && opcode === 0) {
          const name = body.readUInt32LE(0);
          const len = body.readUInt32LE(4);
          globals.set(body.subarray(8, 8 + len - 1).toString(), name);
        } else if (object === 1 && opcode === 0) {
          reject(new Error(`Wayland error: ${body.subarray(12).toString()}`));
        } else if (waiting.has(object) && opcode === 0) {
          waiting.get(object)?.();
          waiting.delete(object);
        }
        pending = pending.subarray(size);
      }
    });
    socket.once('connect', async () => {
      send(1, 1, u32(registry));
      await roundtrip();
      const seatName = globals.get('wl_seat');
      const managerName = globals.get('zwlr_virtual_pointer_manager_v1');
      if (seatName === undefined || managerName === undefined) {
        socket.destroy();
        reject(new Error(`the compositor has no ${seatName === undefined ? 'seat' : 'virtual pointer manager'}`));
        return;
      }
      const seat = nextId++;
      send(registry, 0, u32(seatName), str('wl_seat'), u32(1), u32(seat));
      const manager = nextId++;
      send(registry, 0, u32(managerName), str('zwlr_virtual_pointer_manager_v1'), u32(1), u32(manager));
      const pointer = nextId++;
      send(manager, 0, u32(seat), u32(pointer));
      await roundtrip();
      let time = 1;
      const frame = () => send(pointer, 4);
      resolve({
        async move(x, y, width, height) {
          send(pointer, 1, u32(time++), u32(x), u32(y), u32(width), u32(height));
          frame();
          await roundtrip();
        },
        async click(x, y, width, height) {
          send(pointer, 1, u32(time++), u32(x), u32(y), u32(width), u32(height));
          frame();
          await roundtrip();
          send(pointer, 2, u32(time++), u32(BTN_LEFT), u32(1));
          frame();
          send(pointer, 2, u32(time++), u32(BTN_LEFT), u32(0));
          frame();
          await roundtrip();
        },
        close() {
          send(pointer, 8);
          socket.end();
        },
      });
    });
  });
}
