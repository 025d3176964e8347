/**
 * The bar's Ink components, rendered by Ink: exact frames at 40, 80 and 160 columns on 1 and 3 rows, their
 * colours, and the live app — a snapshot store driving renders, keys and clicks through Ink's input handling.
 * ink-testing-library's stdout is 100 columns wide, so the 160-column frames come from renderToString.
 */
import chalk from 'chalk';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appearanceOf } from '../../src/view/appearance.js';
import { BarStore } from '../../src/bar/bar-store.js';
import { App } from '../../src/pane/ink/App.js';
import { Bar } from '../../src/pane/ink/Bar.js';
import { renderFrame } from '../../src/pane/ink/frame.js';
import { simulatedReadings } from '../../src/thresholds/simulate.js';
import { realTimers } from '../../src/scheduler/timers.js';
import { load, model } from '../helpers.js';
import { AT, layoutOf } from './helpers.js';
import { eventually } from '../wait.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

const doc = {
  left_widgets: [{ Date: { enable: true, format: 'YearMonthDate', label_prefix: 'None' } }, { Applications: { enable: true, display: 'Text', items: [{ name: 'Term', command: 'term' }, { name: 'Web', command: 'web' }] } }],
  center_widgets: [{ Time: { enable: true, format: 'TwentyFourHour', label_prefix: 'Icon' } }],
  right_widgets: [{ Cpu: { enable: true, label_prefix: 'IconAndText', auto_select_over: 90 } }, { Memory: { enable: true, label_prefix: 'Text' } }, { Storage: { enable: true, label_prefix: 'Text' } }],
  theme: { palette: 'Catppuccin', name: 'Mocha', auto_select_fill: 'Red', auto_select_text: 'Crust' },
  transparency_alpha: 255,
  grouping: { kind: 'Widget', rounding: 4, style: 'DefaultWithShadowB4O1S3' },
};
const SET = ['cpu=95', 'memory=40', 'storage./=71', 'storage./home=33'];

const FRAMES: Record<string, string[]> = {
  // Each side keeps a unit, and the date (the clock) outlasts the others (issue 43).
  '40×1': ['  2024-09-08 ░     / 71% ░  /home 33% ░'],
  '40×3': [' ╭──────────╮     ╭─────╮  ╭─────────╮', ' │2024-09-08│░    │/ 71%│░ │/home 33%│░', ' ╰──────────╯     ╰─────╯  ╰─────────╯'],
  '80×1': ['  2024-09-08 ░  Term Web ░       ▣ CPU: 95% ░  RAM: 40% ░  / 71% ░  /home 33% ░'],
  '80×3': [
    ' ╭──────────╮  ╭────────╮       ╭──────────╮  ╭────────╮  ╭─────╮  ╭─────────╮',
    ' │2024-09-08│░ │Term Web│░      │▣ CPU: 95%│░ │RAM: 40%│░ │/ 71%│░ │/home 33%│░',
    ' ╰──────────╯  ╰────────╯       ╰──────────╯  ╰────────╯  ╰─────╯  ╰─────────╯',
  ],
  '160×1': ['  2024-09-08 ░  Term Web ░                                                ◷ 09:05:03 ░                           ▣ CPU: 95% ░  RAM: 40% ░  / 71% ░  /home 33% ░'],
  '160×3': [
    ' ╭──────────╮  ╭────────╮                                                ╭──────────╮                           ╭──────────╮  ╭────────╮  ╭─────╮  ╭─────────╮',
    ' │2024-09-08│░ │Term Web│░                                               │◷ 09:05:03│░                          │▣ CPU: 95%│░ │RAM: 40%│░ │/ 71%│░ │/home 33%│░',
    ' ╰──────────╯  ╰────────╯                                                ╰──────────╯                           ╰──────────╯  ╰────────╯  ╰─────╯  ╰─────────╯',
  ],
};

describe('<Bar>, rendered by Ink', () => {
  for (const width of [40, 80, 160]) {
    for (const height of [1, 3]) {
      it(`draws the exact frame at ${width}×${height}`, () => {
        const layout = layoutOf(doc, { width, height, set: SET, icons: 'unicode' });
        chalk.level = 0;
        const frame = width <= 100 ? render(<Bar layout={layout} depth="none" plain />).lastFrame() : renderFrame(layout, 'none', true);
        expect(frame?.split('\n')).toEqual(FRAMES[`${width}×${height}`]);
      });
    }
  }

  it('paints every cell in 24-bit colour: the bar, the group fill, the auto-select fill and the shade', () => {
    chalk.level = 3;
    const layout = layoutOf(doc, { width: 80, set: SET, icons: 'unicode' });
    const frame = render(<Bar layout={layout} depth="truecolor" />).lastFrame() ?? '';
    expect(frame).toContain('\x1b[48;2;30;30;46m'); // the bar: Base #1e1e2e
    // A unit's group: Mantle #181825 at the grouping's default alpha 200 over Base, with its caps; Text #cdd6f4.
    expect(frame).toContain('\x1b[48;2;25;25;39m\x1b[38;2;205;214;244m 2024-09-08 ');
    expect(frame).toContain('\x1b[48;2;243;139;168m\x1b[38;2;17;17;27m▣ CPU: 95%'); // auto-select: Crust on Red
    expect(frame).toContain('░');
  });
});

/** The app as `tilebar run` renders it, over a store of snapshots (no timers: published by hand). */
function app(width = 80) {
  const m = model(load(doc));
  const readings = simulatedReadings(SET, BUILTIN_WIDGETS.simulations);
  const statuses = Object.fromEntries(Object.entries(readings).map(([k, v]) => [k, { reading: v }]));
  let epoch = AT;
  const timers = { ...realTimers, wallNow: () => epoch };
  const store = new BarStore(timers, { model: m, look: appearanceOf(m, { icons: 'unicode' }), message: undefined, statuses, systemZone: 'UTC', tiler: undefined, size: { width, height: 1 } }, 0);
  const calls = { actions: [] as unknown[], quits: [] as number[], bindings: [] as string[] };
  /** The terminal's input as the app reads it (RunTerminal.onKeys). */
  let typed: (data: string) => void = () => undefined;
  chalk.level = 0;
  const r = render(
    <App
      store={store}
      depth="none"
      version="0.1.0"
      tilerOptions={{ exists: () => true, resolvePath: (p) => p }}
      onAction={(a) => void calls.actions.push(a)}
      onBinding={(t) => void calls.bindings.push(t)}
      onQuit={(s) => void calls.quits.push(s)}
      onDrawError={(e) => {
        throw e;
      }}
      now={() => performance.now()}
      keys={(listener) => {
        typed = listener;
        return () => (typed = () => undefined);
      }}
    />,
  );
  const tick = (seconds: number) => {
    epoch += seconds * 1000;
    store.update();
    store.publish();
  };
  return { ...r, store, calls, tick, type: (data: string) => typed(data) };
}

describe('<App>, the live bar', () => {
  it('renders each snapshot the store publishes (a clock tick), and only what it publishes', async () => {
    const a = app(160);
    await eventually(() => expect(a.lastFrame()).toContain('09:05:03'));
    a.tick(1);
    await eventually(() => expect(a.lastFrame()).toContain('09:05:04'));
    a.tick(60);
    await eventually(() => expect(a.lastFrame()).toContain('09:06:04'));
    a.unmount();
  });

  it('quits on q (0) and Ctrl-C (130), read from the terminal’s input', async () => {
    const a = app();
    a.type('q');
    a.type('\u0003');
    await eventually(() => expect(a.calls.quits).toEqual([0, 130]));
    a.unmount();
  });

  it('launches the first launcher items on 1 and 2, and the clicked one on an SGR mouse click', async () => {
    const a = app();
    await eventually(() => expect(a.lastFrame()).toContain('Term Web'));
    a.type('2');
    a.type('1');
    const x = (a.lastFrame() ?? '').indexOf('Web');
    a.type(`\u001b[<0;${x + 1};1M`);
    a.type(`\u001b[<0;${x + 1};1m`);
    await eventually(() => expect(a.calls.actions).toHaveLength(3));
    expect(a.calls.actions.map((c) => (c as { command: string }).command)).toEqual(['web', 'term', 'web']);
    a.unmount();
  });
});
