/**
 * Input split across reads, through both renderers' real input paths: the direct view reading the terminal's
 * chunks (a fake terminal's onKeys), and the Ink app reading the same chunks through its input hook. Pointer moves, wheel notches,
 * clicks (SGR 1006, and the legacy X10 reports of terminals without it), keys, the terminal's control-string
 * replies (OSC, DCS, APC) and bracketed pastes are encoded as a terminal sends them, concatenated and cut at
 * arbitrary places: no Applications item starts but those a click on it or a digit key asked for, and each
 * asked one does start.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appearanceOf, layoutFor } from '../../src/view/appearance.js';
import { BarStore } from '../../src/bar/bar-store.js';
import { barStateOf } from '../../src/view/bar-state.js';
import type { BarView, BarViewOptions, Renderer } from '../../src/pane/bar-view.js';
import type { BarLayout } from '../../src/render/bar-types.js';
import { startBarView } from '../../src/pane/start-view.js';
import { FrameWriter } from '../../src/pane/terminal.js';
import { load, model } from '../helpers.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { eventually } from '../wait.js';
import { fakeTerminal, screenOf } from './fake-terminal.js';
import { CONTROL_STRINGS } from '../bar/control-strings.js';

const WIDTH = 80;
const NAMES = ['app1', 'app2', 'app3', 'app4', 'app5', 'app6', 'app7', 'app8', 'app9'];
const doc = {
  left_widgets: [{ Applications: { enable: true, display: 'Text', items: NAMES.map((name) => ({ name, command: `true ${name}` })) } }],
  right_widgets: [],
};

/** A bar of nine launcher items drawn by `renderer` on a fake terminal; what it launched is recorded. */
async function startBar(renderer: Renderer) {
  const m = model(load(doc));
  const store = new BarStore(new FakeTimers(), { model: m, look: appearanceOf(m, { icons: 'ascii' }), message: undefined, statuses: {}, systemZone: 'UTC', tiler: undefined, size: { width: WIDTH, height: 1 } });
  const t = fakeTerminal(WIDTH, 1);
  const writer = new FrameWriter(t.terminal);
  writer.start();
  const launched: string[] = [];
  const tilerOptions = { exists: () => false, resolvePath: (p: string) => p };
  const options: BarViewOptions = {
    store,
    writer,
    terminal: t.terminal,
    depth: 'none',
    version: '0.1.0',
    tilerOptions,
    onAction: (action) => {
      if (action.kind === 'launch') launched.push(action.id);
    },
    onBinding: () => undefined,
    onQuit: () => undefined,
    onDrawError: (e) => {
      throw e;
    },
    now: () => 0,
  };
  const view: BarView = await startBarView(renderer, options, (line) => {
    throw new Error(line);
  });
  await eventually(() => expect(screenOf(t.written)[0]).toBe(` ${NAMES.join(' ')}`));
  // The Ink app reads the terminal once its input hook's effect has run (after the first frame).
  await eventually(() => expect(t.reading()).toBe(true));
  const s = store.getSnapshot();
  const layout: BarLayout = layoutFor(s.model, s.look, barStateOf(s, tilerOptions, false), s.size, '0.1.0', s.message, undefined);
  return { t, view, launched, layout };
}

/** One turn of the event loop: what the terminal sends in a later read comes after it (Ink flushes a pending escape). */
const nextRead = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each chunk as a read of its own, in order. */
async function typeChunks(press: (data: string) => void, chunks: readonly string[]): Promise<void> {
  for (const chunk of chunks) {
    press(chunk);
    await nextRead();
  }
  await nextRead();
}

type Gesture =
  | { kind: 'move' | 'wheel-up' | 'wheel-down' | 'left-click' | 'right-click'; x: number; x10: boolean }
  | { kind: 'key'; text: string };

const sgr = (code: number, x: number, final: 'M' | 'm') => `\x1b[<${code};${x + 1};1${final}`;
/** The legacy report: `ESC [ M`, then the button and the 1-based cell, each as one byte plus 32. */
const x10 = (code: number, x: number) => `\x1b[M${String.fromCharCode(32 + code, 33 + x, 33)}`;

/** What the terminal sends for a gesture. */
function encode(g: Gesture): string {
  if (g.kind === 'key') return g.text;
  const report = g.x10 ? (code: number, release = false) => x10(release ? 3 : code, g.x) : (code: number, release = false) => sgr(code, g.x, release ? 'm' : 'M');
  switch (g.kind) {
    case 'move':
      return report(35);
    case 'wheel-up':
      return report(64);
    case 'wheel-down':
      return report(65);
    case 'left-click':
      return report(0) + report(0, true);
    case 'right-click':
      return report(2) + report(2, true);
  }
}

/** The items a user asked to start with these gestures: a left click on one, or its digit. */
function asked(gestures: readonly Gesture[], layout: BarLayout): string[] {
  const ids = [...new Set(layout.targets.flatMap((t) => (t.action.kind === 'launch' ? [t.action.id] : [])))];
  expect(ids).toHaveLength(9);
  return gestures.flatMap((g) => {
    if (g.kind === 'key') return /^[1-9]$/.test(g.text) ? [ids[Number(g.text) - 1] ?? ''] : [];
    if (g.kind !== 'left-click') return [];
    const action = layout.targets.find((t) => g.x >= t.x && g.x < t.x + t.width)?.action;
    return action?.kind === 'launch' ? [action.id] : [];
  });
}

const pointer = fc.record({
  kind: fc.constantFrom('move', 'move', 'move', 'wheel-up', 'wheel-down', 'left-click', 'right-click'),
  x: fc.integer({ min: 0, max: WIDTH - 1 }),
  x10: fc.boolean(),
});
const keys = fc.oneof(
  fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'M', ';', ' ').map((text) => ({ kind: 'key' as const, text })),
  // Sequences that are no key of the bar's: arrows (CSI, SS3), F1, Alt-digits, and a very long CSI of digits.
  fc.constantFrom('\x1b[A', '\x1b[1;5C', '\x1bOA', '\x1bOP', '\x1b5', '\x1b[15~', `\x1b[${'7'.repeat(300)}~`).map((text) => ({ kind: 'key' as const, text })),
);
/** Digits and what else a terminal's reply or a paste carries. */
const payload = fc.stringMatching(/^[0-9;:a-z/|> ]{0,24}$/);
/**
 * Control strings a terminal sends back (OSC colour replies ended by BEL or ST, a DCS version reply, an APC
 * graphics reply) and bracketed pastes, all full of digits that are no key presses.
 */
const strings = fc.oneof(
  payload.map((text) => `\x1b]11;rgb:${text}\x07`),
  fc.tuple(fc.constantFrom('\x1b]', '\x1bP', '\x1b_'), payload).map(([intro, text]) => `${intro}${text}\x1b\\`),
  payload.map((text) => `\x1b[200~${text}\x1b[201~`),
).map((text) => ({ kind: 'key' as const, text }));
const gesture: fc.Arbitrary<Gesture> = fc.oneof({ arbitrary: pointer, weight: 3 }, { arbitrary: keys, weight: 1 }, { arbitrary: strings, weight: 1 });

/** A stream cut at arbitrary places into reads. */
function cut(stream: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((n) => n % (stream.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const p of [...points, stream.length]) {
    if (p > from) chunks.push(stream.slice(from, p));
    from = p;
  }
  return chunks;
}

describe.each(['direct', 'ink'] as const)('input split across reads, %s renderer', (renderer) => {
  let bar: Awaited<ReturnType<typeof startBar>>;
  beforeAll(async () => {
    bar = await startBar(renderer);
  });
  afterAll(async () => {
    await bar.view.stop();
  });

  it('a hover report cut after its x (`ESC[<35;5`, then `;1M`) starts nothing', async () => {
    bar.launched.length = 0;
    await typeChunks(bar.t.press, ['\x1b[<35;5', ';1M']);
    expect(bar.launched).toEqual([]);
    // The bar still reads keys: its digit starts the item.
    await typeChunks(bar.t.press, ['3']);
    expect(bar.launched).toEqual([asked([{ kind: 'key', text: '3' }], bar.layout)[0]]);
  });

  it.each(CONTROL_STRINGS)('%s starts nothing, and a digit after it starts its item', async (_, chunks) => {
    bar.launched.length = 0;
    await typeChunks(bar.t.press, chunks);
    expect(bar.launched).toEqual([]);
    await typeChunks(bar.t.press, ['6']);
    expect(bar.launched).toEqual([asked([{ kind: 'key', text: '6' }], bar.layout)[0]]);
  });

  it('starts exactly the items clicked or named by their digit, however the reports and strings are cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(gesture, { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 30 }), async (gestures, at) => {
        bar.launched.length = 0;
        await typeChunks(bar.t.press, cut(gestures.map(encode).join(''), at));
        expect([...bar.launched]).toEqual(asked(gestures, bar.layout));
      }),
      { numRuns: 150 },
    );
  });
});
