/**
 * A host bar's workspace blocks as a user finds them on the screen: the bar is themed so that the focused
 * workspace's fill (base_02) is a colour nothing else has, and a click right of that block lands on the next
 * workspace's. Shared by the real i3 and sway tests (a Node feed, a standalone one and a thin one).
 */
import { expect } from 'vitest';
import type { Cleanup } from '../support/cleanups.js';
import { openX11Window, type RealWm } from '../tiler/real-wm.js';
import { eventually } from '../wait.js';
import { openX11Screen, type X11Screen } from './x11-screen.js';
export const SELECTED = '#ff00ff';

/** A Custom theme whose selected fill is SELECTED, every other colour a dark one of its own. */
const COLOURS = Object.fromEntries(
  ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f'].map((k, i) => [`base_${k}`, k === '02' ? SELECTED : `#${(i * 16 + 1).toString(16).padStart(2, '0')}4020`]),
);

/** A bar of the window manager's workspaces (each one shown, as text) and `right` on its right. */
export const workspacesConfig = (right: readonly unknown[] = []) => ({
  theme: { palette: 'Custom', colours: COLOURS, accent: 'Base0D' },
  left_widgets: [{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: false, display: 'Text' } } }],
  right_widgets: right,
});

export interface Block {
  x: number;
  y: number;
  width: number;
}

/**
 * The focused workspace's block on these rows (`#rrggbb` per pixel), once text is drawn right of it: a glyph's
 * colours beside the bar's own and the blocks' fill, as workspace 2's block is. An older line, from before
 * workspace 1 was focused, has the fill on the other block and nothing after it: undefined.
 */
export function focusedBlock(rows: readonly (readonly string[])[]): Block | undefined {
  let at: Block | undefined;
  for (const [y, row] of rows.entries()) {
    const first = row.indexOf(SELECTED);
    if (first >= 0) at = { x: first, y, width: row.lastIndexOf(SELECTED) - first + 1 };
  }
  if (!at) return undefined;
  const right = at.x + at.width;
  const after = new Set(rows.filter((row) => row.includes(SELECTED)).flatMap((row) => row.slice(right)));
  return after.size > 2 ? at : undefined;
}

/**
 * Clicks each fourth pixel column right of the focused block, on its row, until the manager says `name` is
 * focused; whether it then is. Called again (eventually) by a test whose bar may still be drawing.
 */
export async function clickRightOf(at: Block, click: (x: number, y: number) => Promise<void>, focused: () => Promise<string | undefined>, name: string): Promise<boolean> {
  for (let x = at.x + at.width + 2; x < at.x + at.width + 60; x += 4) {
    await click(x, at.y);
    if ((await focused()) === name) return true;
  }
  return false;
}

/**
 * On a real i3: a window keeps workspace 2 while workspace 1 is focused, so that the bar shows both, 1 selected.
 * The screen to read and click on.
 */
export async function keepWorkspaceTwo(wm: RealWm & { display: string }, cleanups: Cleanup[]): Promise<X11Screen> {
  await wm.command('workspace 2');
  const window = await openX11Window(wm.display, 'kept', 'tbtest');
  cleanups.push(() => window.close());
  await eventually(async () => expect(JSON.stringify(await wm.ask(4))).toContain('kept'));
  await wm.command('workspace 1');
  const screen = await openX11Screen(wm.display);
  cleanups.push(() => screen.close());
  return screen;
}
