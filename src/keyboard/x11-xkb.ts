/**
 * The X server's keyboard group and symbols name through the XKEYBOARD extension, in pure JS (the `x11`
 * package: no native add-on, no `setxkbmap` process). Read once, then again on every XKB state or names
 * event, so a group switch or a new keymap shows at once.
 */
import x11Module from 'x11';

/** The small part of the `x11` package's (untyped) API used here. */
interface XClient {
  on(event: 'error', fn: (e: Error) => void): void;
  on(event: 'event', fn: (e: { xkbType?: number; name?: string }) => void): void;
  on(event: 'end' | 'close', fn: () => void): void;
  require(ext: 'xkb', cb: (err: Error | null, xkb: Xkb) => void): void;
  GetAtomName(atom: number, cb: (err: Error | null, name: string) => void): void;
  terminate?(): void;
}
interface Xkb {
  UseCoreKbd: number;
  NameDetail: { Symbols: number };
  EventType: { StateNotify: number; NamesNotify: number; NewKeyboardNotify: number };
  UseExtension(major: number, minor: number, cb: (err: Error | null, r: { supported: number }) => void): void;
  GetNames(device: number, which: number, cb: (err: Error | null, names: { symbolsName?: number }) => void): void;
  GetState(device: number, cb: (err: Error | null, state: { group: number }) => void): void;
  SelectEvents(device: number, affect: number, clear: number, selectAll: number, affectMap: number, map: number): void;
}
interface X11Module {
  createClient(opts: { display: string }, cb: (err: Error | null, display: { client: XClient }) => void): { on(event: 'error', fn: (e: Error) => void): void };
}

export async function openXkb(display: string, onLayout: (symbols: string, group: number) => void, onFailure: (why: string) => void): Promise<{ close(): void }> {
  // This module is loaded only in an X session with a Keyboard widget (event-sources.ts imports it lazily).
  const x11 = x11Module as X11Module;
  let client: XClient | undefined;
  let closed = false;
  const fail = (why: string) => {
    if (!closed) onFailure(why);
  };
  const conn = x11.createClient({ display }, (err, d) => {
    if (err) return fail(err.message);
    const X = d.client;
    client = X;
    X.on('error', (e) => fail(e.message));
    X.on('end', () => fail('the connection closed'));
    X.require('xkb', (e, xkb) => {
      if (e) return fail(`no XKEYBOARD extension (${e.message})`);
      xkb.UseExtension(1, 0, (e2, r) => {
        if (e2 || !r.supported) return fail('XKEYBOARD 1.0 is not supported');
        const read = () =>
          xkb.GetNames(xkb.UseCoreKbd, xkb.NameDetail.Symbols, (e3, names) => {
            if (e3 || names.symbolsName === undefined) return fail('the keyboard symbols could not be read');
            X.GetAtomName(names.symbolsName, (e4, symbols) => {
              if (e4) return fail('the keyboard symbols could not be read');
              xkb.GetState(xkb.UseCoreKbd, (e5, state) => {
                if (e5) return fail('the keyboard state could not be read');
                if (!closed) onLayout(String(symbols), state.group);
              });
            });
          });
        const mask = xkb.EventType.StateNotify | xkb.EventType.NamesNotify | xkb.EventType.NewKeyboardNotify;
        xkb.SelectEvents(xkb.UseCoreKbd, mask, 0, mask, 0, 0);
        X.on('event', (ev) => {
          if (ev.xkbType !== undefined) read();
        });
        read();
      });
    });
  });
  conn.on('error', (e) => fail(e.message));
  return {
    close() {
      closed = true;
      try {
        client?.terminate?.();
      } catch {
        // Already gone.
      }
    },
  };
}
