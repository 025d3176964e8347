/** What the Keyboard widget reads: the active layout's name as its source gives it, or why there is none. */
export interface KeyboardStatus {
  /** `us`, `de`, `English (US)`, `en-US`: bounded and cleaned for cells by the view. */
  layout?: string;
  /** The source failed (the widget shows `Error`, as the original). */
  error?: string;
}

/** Longest layout name kept. */
export const MAX_LAYOUT_NAME = 64;

export function boundedLayout(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  return trimmed.length > MAX_LAYOUT_NAME ? trimmed.slice(0, MAX_LAYOUT_NAME) : trimmed;
}
