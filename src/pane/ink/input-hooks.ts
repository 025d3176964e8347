/**
 * The bar's keys and mouse as one hook over Ink's input. Ink's parser cuts the terminal's bytes into pieces —
 * a key, a whole escape sequence, or an unfinished one it flushes at the next turn of the event loop (so
 * `ESC[<35;5` and `;1M` can come as two pieces) — and hands each to its input listeners in order; joined, the
 * pieces are the terminal's bytes. This hook passes every piece on as it is, in that one order, and BarInput's
 * decoder (terminal-input.ts) makes keys and mouse reports of the stream, whatever the cuts. Hooks that
 * each took some of the pieces (by what they start with) would sort out a cut report's tail wrongly; Ink's
 * `useInput` would strip ESCs and name keys, which a bar does not need.
 */
import type { EventEmitter } from 'node:events';
import { useStdin, type StdinProps } from 'ink';
import { useEffect, useRef } from 'react';

/**
 * What Ink's context holds besides its public props: the emitter its own `useInput` listens to (Ink 8 types it as
 * internal, and still hands it to every hook through `useStdin`). Checked once, so an Ink that drops it fails loudly
 * in the tests, not silently in a bar that no longer hears keys.
 */
type StdinWithEvents = StdinProps & { readonly internal_eventEmitter: EventEmitter };

function withEvents(stdin: StdinProps): StdinWithEvents {
  const events = (stdin as Partial<StdinWithEvents>).internal_eventEmitter;
  if (events === undefined || typeof events.on !== 'function') throw new Error("Ink's stdin context has no input emitter: this Ink is not one tilebar was made for");
  return stdin as StdinWithEvents;
}

/** Every piece of the terminal's input, in order, while it can be read in raw mode; the handler may change between renders. */
export function useTerminalInput(handler: (data: string) => void): void {
  const { isRawModeSupported, setRawMode, internal_eventEmitter: events } = withEvents(useStdin());
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!isRawModeSupported) return;
    const onInput = (data: string) => latest.current(data);
    setRawMode(true);
    events.on('input', onInput);
    return () => {
      events.off('input', onInput);
      setRawMode(false);
    };
  }, [isRawModeSupported, setRawMode, events]);
}
