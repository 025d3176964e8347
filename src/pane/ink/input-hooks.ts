/**
 * The bar's keys and mouse as one hook over the terminal's own input (RunTerminal.onKeys: raw mode, every chunk
 * as it is read), the same stream the direct renderer reads; BarInput's decoder (terminal-input.ts) makes keys
 * and mouse reports of it, whatever the cuts.
 *
 * Not through Ink's input: Ink 8 drops every complete control sequence that names no key it knows — a mouse
 * report among them (test/tty/click-tty.test.ts and hover-tty.test.ts failed: no click or hover reached the bar) —
 * and hands the rest on through an emitter it now types as internal. Ink is never asked for raw mode, so it never
 * reads the terminal: one reader, in one order.
 */
import { useEffect, useRef } from 'react';

/** Subscribes to the terminal's input; returns the stop function (RunTerminal.onKeys). */
export type KeySource = (listener: (data: string) => void) => () => void;

/** Every chunk of the terminal's input, in order, for the app's life; the handler may change between renders. */
export function useTerminalInput(keys: KeySource, handler: (data: string) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => keys((data) => latest.current(data)), [keys]);
}
