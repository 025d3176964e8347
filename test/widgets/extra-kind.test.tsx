/**
 * A widget kind defined in this test alone — `Load`, the machine's load average, with its own source, rule,
 * simulation and component — passed in as a registry value, and seen validated, polled, drawn, simulated by
 * `thresholds` and previewed, with no file outside this one knowing it (issue 24).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Text } from 'ink';
import { memo, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { previewCommand } from '../../src/cli/preview.js';
import { thresholdsCommand } from '../../src/cli/thresholds.js';
import { loadConfigText } from '../../src/config/load.js';
import { modelProblem } from '../../src/config/model-guard.js';
import type { RunsProps } from '../../src/pane/ink/runs.js';
import { checkRule, checksOf, type ThresholdRule } from '../../src/thresholds/rules.js';
import { percentOf } from '../../src/thresholds/simulate.js';
import { defineKind, statusOf } from '../../widgets/kind.js';
import { BUILTIN_KINDS, BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { widgetRegistry } from '../../widgets/registry.js';
import { decide, prefixed, type UnitView } from '../../widgets/view.js';
import { FakeTimers } from '../scheduler/fake-timers.js';
import { writeBarConfig } from '../support/bar-config.js';
import { captureIo } from '../support/capture-io.js';
import { eventually } from '../wait.js';

interface LoadConfig {
  enable: boolean;
  auto_select_over?: number;
  data_refresh_interval: number;
  label_prefix: 'None' | 'Icon' | 'Text' | 'IconAndText';
}
interface LoadReading {
  load: number;
}

const LOAD_SELECT: ThresholdRule = { id: 'loadSelect', widget: 'Load', field: 'auto_select_over', comparison: '>=', effect: 'selected', measures: 'the 1-minute load average' };

/** What the kind's own reader is asked, in order; and how many times its component drew a unit. */
let loads: number[] = [];
let reads = 0;
let drawn = 0;

const LoadUnit = memo(function LoadUnit({ runs }: RunsProps): ReactNode {
  drawn++;
  return runs.map((r, i) => <Text key={i}>{r.text}</Text>);
});

const load = defineKind<LoadConfig>({
  name: 'Load',
  variants: ['A', 'B'],
  schema: (k) =>
    k.z.strictObject({
      enable: k.enable(),
      auto_select_over: k.uint().max(1000).optional(),
      data_refresh_interval: k.refreshInterval(5),
      label_prefix: k.prefix('Text'),
    }),
  poll: {
    source: 'loadavg',
    timeoutMs: 1_000,
    intervalMs: (c) => c.data_refresh_interval * 1000,
    reader: () => async () => {
      reads++;
      return { load: loads.shift() ?? 0.5 } satisfies LoadReading;
    },
  },
  view(config, ctx): UnitView[] {
    const status = statusOf<LoadReading>(ctx, 'loadavg');
    const value = status.reading?.load;
    const checks = value === undefined ? [] : checksOf(checkRule(LOAD_SELECT, Math.trunc(value), config.auto_select_over));
    const text = value === undefined ? '…' : value.toFixed(2);
    return [{ id: 'load', name: 'Load', segments: prefixed(config.label_prefix, 'CPU', 'LOAD: ', [{ role: 'value', text }]), valueText: text, checks, ...decide(checks, status.error) }];
  },
  inputs: (_, ctx) => [ctx.statuses.loadavg],
  rules: [LOAD_SELECT],
  simulation: {
    keys: ['load'],
    hint: 'load=N',
    set(r, key, value) {
      if (key !== 'load') return false;
      r.loadavg = { load: percentOf(key, value) } satisfies LoadReading;
      return true;
    },
  },
  component: LoadUnit,
});

const widgets = widgetRegistry([...BUILTIN_KINDS, load]);

/** A command's output, with a HOME and cache that do not exist: nothing of the developer's is read or written. */
const quietIo = () => captureIo({ HOME: '/nonexistent', XDG_CACHE_HOME: '/nonexistent' });

async function configFile(doc: object): Promise<string> {
  return writeBarConfig(await mkdtemp(join(tmpdir(), 'tilebar-kind-')), doc);
}

const DOC = { left_widgets: [{ Load: { enable: true, auto_select_over: 4, data_refresh_interval: 5 } }], right_widgets: [{ Cpu: { enable: false } }] };

describe('a widget kind defined in a test alone', () => {
  it('is validated against its schema, located, and only where its registry is given', () => {
    const good = loadConfigText(JSON.stringify(DOC), 'bar.json', { kinds: widgets });
    expect(good.problems).toEqual([]);
    expect(good.model?.left[0]).toEqual({ kind: 'Load', config: { enable: true, auto_select_over: 4, data_refresh_interval: 5, label_prefix: 'Text' } });

    const bad = loadConfigText(JSON.stringify({ ...DOC, left_widgets: [{ Load: { enable: true, auto_select_over: 'high' } }] }), 'bar.json', { kinds: widgets });
    expect(bad.model).toBeUndefined();
    expect(bad.problems.map((p) => p.path)).toContain('left_widgets[0].Load.auto_select_over');

    const unknown = loadConfigText(JSON.stringify(DOC), 'bar.json', { kinds: BUILTIN_WIDGETS });
    expect(unknown.model).toBeUndefined();
    expect(unknown.problems).toMatchObject([{ severity: 'error', path: 'left_widgets[0].Load', message: '"Load" is not a widget kind' }]);
  });

  it('passes the cache check of a model only where its registry is given', () => {
    const model = loadConfigText(JSON.stringify(DOC), 'bar.json', { kinds: widgets }).model;
    expect(modelProblem(JSON.parse(JSON.stringify(model)), widgets)).toBeUndefined();
    expect(modelProblem(JSON.parse(JSON.stringify(model)), BUILTIN_WIDGETS)).toMatch(/left\[0\]\.kind/);
  });

  it('is simulated by `thresholds --set`, with its own rule, and its key is in the help of an unknown key', async () => {
    const file = await configFile(DOC);
    const c = quietIo();
    expect(await thresholdsCommand({ config: file, set: ['load=9'] }, c.io, { widgets })).toBe(0);
    expect(c.out()).toMatch(/^left\[0\] +Load +9\.00 +auto_select_over 4 \(>=\) +selected +9 >= auto_select_over 4$/m);

    const rules = quietIo();
    await thresholdsCommand({ rules: true }, rules.io, { widgets });
    expect(rules.out()).toMatch(/^Load +auto_select_over +>= +selected +the 1-minute load average$/m);

    await expect(thresholdsCommand({ config: file, set: ['lod=3'] }, quietIo().io, { widgets })).rejects.toThrow(/did you mean "load"\?.*keys: .*load/);
  });

  it('is polled by its own reader on its interval, and its state change is reported when and why', async () => {
    const file = await configFile(DOC);
    loads = [1.2, 4.5, 0.3];
    reads = 0;
    const timers = new FakeTimers();
    const stop = new AbortController();
    const c = quietIo();
    const done = thresholdsCommand({ config: file, watch: true }, c.io, { widgets, timers, stop: stop.signal });
    await eventually(() => expect(c.out()).toMatch(/left\[0\] +Load +1\.20 .* normal/));
    await timers.advance(5_000);
    await timers.advance(5_000);
    await eventually(() => expect(reads).toBe(3));
    stop.abort();
    expect(await done).toBe(0);
    const changes = c.out().split('\n').filter((l) => /^\d\d:\d\d:\d\d /.test(l)).map((l) => l.slice(10));
    expect(changes).toEqual(['left[0] Load: normal → selected (4.50): 4 >= auto_select_over 4', 'left[0] Load: selected → normal (0.30): 0 < auto_select_over 4']);
  });

  it('is drawn by its own Ink component in a preview, beside the built-in kinds', async () => {
    const file = await configFile({ ...DOC, right_widgets: [{ Cpu: { enable: true, label_prefix: 'Text' } }] });
    drawn = 0;
    const c = quietIo();
    expect(await previewCommand({ config: file, format: 'text', width: '60', height: '1', at: '2024-09-08T09:05:03Z', set: ['load=2.5', 'cpu=40'] }, c.io, { widgets })).toBe(0);
    expect(c.out()).toMatch(/LOAD: 2\.50.*CPU: 40%/);
    expect(drawn).toBeGreaterThan(0);
  });
});
