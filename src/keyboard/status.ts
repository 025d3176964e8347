/** What the Keyboard widget reads: the active layout's name as its source gives it, or why there is none. */
export interface KeyboardStatus {
  /** `us`, `de`, `English (US)`, `en-US`: bounded and cleaned for cells by the view. */
  layout?: string;
  /** The source failed after it had answered (the widget shows `Error`, as the original). */
  error?: string;
  /**
   * There is no source here, or it never answered: the widget is hidden (a first run on a machine without a
   * keyboard layout service shows no red `Error`), and why is logged once and shown by `check`.
   */
  unavailable?: string;
}

/** Longest layout name kept. */
export const MAX_LAYOUT_NAME = 64;

export function boundedLayout(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  return trimmed.length > MAX_LAYOUT_NAME ? trimmed.slice(0, MAX_LAYOUT_NAME) : trimmed;
}
