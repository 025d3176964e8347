/**
 * The bar's keys and mouse as hooks over Ink's input. Ink's parser splits the terminal's bytes into whole
 * sequences — a key, a whole SGR mouse report with its ESC — and hands each to its input listeners; these hooks
 * take them as they are (Ink's `useInput` would strip the ESC and name keys, which a bar does not need).
 */
import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';

/** An SGR mouse report (`ESC [ < b ; x ; y M|m`), as the terminal sends it once mouse reporting is on. */
const isMouseReport = (data: string): boolean => data.startsWith('\u001b[<');

/** Every input sequence while the terminal can be read in raw mode; the handler may change between renders. */
function useRawInput(handler: (data: string) => void): void {
  const { isRawModeSupported, setRawMode, internal_eventEmitter: events } = useStdin();
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

/** Keys: everything that is not a mouse report (`q`, Ctrl-C, the digits). */
export function useBarKeys(onKeys: (data: string) => void): void {
  useRawInput((data) => {
    if (!isMouseReport(data)) onKeys(data);
  });
}

/** Mouse reports, whole. */
export function useMouse(onReport: (report: string) => void): void {
  useRawInput((data) => {
    if (isMouseReport(data)) onReport(data);
  });
}
