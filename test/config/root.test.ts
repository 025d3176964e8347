import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/config/problem.js';
import { at, bar, errors, load, model, notes, warnings } from '../helpers.js';

describe('root options', () => {
  it('applies every spec default in the model', () => {
    const m = model(load(bar()));
    expect(m).toMatchObject({
      fontSize: 12.5,
      height: 50,
      iconScale: 1.4,
      padding: { top: 10, bottom: 10, left: 10, right: 10 },
      margin: { top: 0, bottom: 0, left: 0, right: 0 },
      maxLabelWidth: 400,
      transparencyAlpha: 200,
      widgetSpacing: 10,
      monitor: { index: 0 },
      grouping: { kind: 'None' },
      position: {},
      center: [],
    });
    expect(m.theme).toBeUndefined();
    expect(m.fontFamily).toBeUndefined();
  });

  it('requires left_widgets and right_widgets', () => {
    const r = load({ center_widgets: [] });
    expect(errors(r).map((p) => p.message)).toEqual([
      'missing required key "left_widgets"',
      'missing required key "right_widgets"',
    ]);
  });

  it('reports every problem in one run, each located', () => {
    const text = [
      '{',
      '  "left_widgets": [],',
      '  "right_widgets": [',
      '    { "Cpu": { "enable": true, "auto_select_over": 300 } },',
      '    { "Memory": { "enable": "yes" } }',
      '  ],',
      '  "transparency_alpha": -1,',
      '  "tranperancy_alpha": 10',
      '}',
    ].join('\n');
    const r = load(text);
    expect(r.problems.map((p) => formatProblem('bar.json', p))).toEqual([
      'bar.json:4:52: error: right_widgets[0].Cpu.auto_select_over: expected an integer 0–255, found 300',
      'bar.json:5:29: error: right_widgets[1].Memory.enable: expected true or false, found "yes"',
      'bar.json:7:25: error: transparency_alpha: expected an integer 0–255, found -1',
      'bar.json:8:3: warning: tranperancy_alpha: unknown key "tranperancy_alpha" (ignored)\n  hint: did you mean "transparency_alpha"?',
    ]);
    expect(r.model).toBeUndefined();
  });

  it('warns about keys that old versions or docs used', () => {
    const r = load(bar([], { monitor_index: 1, horizontal_padding: 4 }));
    expect(at(r, 'monitor_index')).toMatchObject({ severity: 'warning', hint: 'the monitor is chosen with "monitor": <index>' });
    expect(at(r, 'horizontal_padding').severity).toBe('warning');
    expect(model(r).monitor.index).toBe(0);
  });

  it('reads null in an optional key as absent, as the original parser does', () => {
    const r = load(bar([], { transparency_alpha: null, theme: null }));
    expect(r.problems).toEqual([]);
    expect(model(r).transparencyAlpha).toBe(200);
  });

  it('warns about icon_scale outside 1.0–2.0 and clamps it', () => {
    const r = load(bar([], { icon_scale: 0.6 }));
    expect(at(r, 'icon_scale').severity).toBe('warning');
    expect(model(r).iconScale).toBe(1);
  });

  it('rejects a negative height and a non-number font size', () => {
    const r = load(bar([], { height: -5, font_size: '12' }));
    expect(at(r, 'height').message).toBe('expected a number 0–10000, found -5');
    expect(at(r, 'font_size').message).toBe('expected a number 1–1000, found "12"');
  });
});

describe('spacing (padding and margin)', () => {
  it('takes a single number for all sides', () => {
    expect(model(load(bar([], { padding: 4, margin: 2 })))).toMatchObject({
      padding: { top: 4, bottom: 4, left: 4, right: 4 },
      margin: { top: 2, bottom: 2, left: 2, right: 2 },
    });
  });

  it('takes four sides', () => {
    expect(model(load(bar([], { margin: { top: 1, bottom: 2, left: 3, right: 4 } }))).margin).toEqual({ top: 1, bottom: 2, left: 3, right: 4 });
  });

  it('takes horizontal [left, right] and vertical [top, bottom], a missing axis getting the default', () => {
    const m = model(load(bar([], { padding: { horizontal: [1, 2] }, margin: { vertical: 5 } })));
    expect(m.padding).toEqual({ left: 1, right: 2, top: 10, bottom: 10 });
    expect(m.margin).toEqual({ left: 0, right: 0, top: 5, bottom: 5 });
  });

  it('rejects a pair that is not exactly two numbers', () => {
    const r = load(bar([], { padding: { horizontal: [1, 2, 3] } }));
    expect(at(r, 'padding.horizontal').message).toBe('expected an array of exactly 2 numbers -10000–10000, found an array of 3 items');
  });

  it('repairs a four-sided form with sides missing, with a warning (the original drops it silently)', () => {
    const r = load(bar([], { padding: { top: 0, bottom: 0 } }));
    expect(at(r, 'padding').message).toBe('"left", "right" missing');
    expect(model(r).padding).toEqual({ top: 0, bottom: 0, left: 10, right: 10 });
  });

  it('uses frame.inner_margin only when padding is absent', () => {
    expect(model(load(bar([], { frame: { inner_margin: { x: 3, y: 1 } } }))).padding).toEqual({ top: 1, bottom: 1, left: 3, right: 3 });
    expect(model(load(bar([], { frame: { inner_margin: { x: 3, y: 1 } }, padding: 7 }))).padding.top).toBe(7);
    expect(at(load(bar([], { frame: { inner_margin: { x: 3 } } })), 'frame.inner_margin.y').message).toBe('missing required key "y"');
  });
});

describe('position and monitor', () => {
  it('reads start and end, and the old names with a fixable note', () => {
    const r = load(bar([], { viewport: { position: { x: 1, y: 2 }, inner_size: { x: 800, y: 30 } } }));
    expect(notes(r).map((n) => n.path)).toEqual(['viewport', 'viewport.position', 'viewport.inner_size']);
    expect(notes(r)[0]?.fix?.content).toBe('"position"');
    expect(model(r).position).toEqual({ start: { x: 1, y: 2 }, end: { x: 800, y: 30 } });
  });

  it('takes a monitor index or an object with a work-area offset', () => {
    expect(model(load(bar([], { monitor: 2 }))).monitor).toEqual({ index: 2 });
    const m = model(load(bar([], { monitor: { index: 1, work_area_offset: { left: 0, top: 40, right: 0, bottom: 40 } } })));
    expect(m.monitor).toEqual({ index: 1, workAreaOffset: { left: 0, top: 40, right: 0, bottom: 40 } });
  });

  it('checks monitor and Rect values', () => {
    expect(at(load(bar([], { monitor: -1 })), 'monitor').message).toBe('expected an integer ≥ 0, found -1');
    expect(at(load(bar([], { monitor: 'left' })), 'monitor').message).toBe(
      'expected a monitor index or {"index": 0, "work_area_offset": {...}}, found "left"',
    );
    const r = load(bar([], { monitor: { index: 0, work_area_offset: { left: 0, top: 3000000000, right: 0 } } }));
    expect(at(r, 'monitor.work_area_offset.top').message).toBe('expected an integer -2147483648–2147483647, found 3000000000');
    expect(at(r, 'monitor.work_area_offset.bottom').message).toBe('missing required key "bottom"');
  });
});

describe('grouping', () => {
  it('defaults to none, and reads the three grouping kinds with their options', () => {
    expect(model(load(bar([], { grouping: { kind: 'None' } }))).grouping).toEqual({ kind: 'None' });
    for (const kind of ['Bar', 'Alignment', 'Widget']) {
      expect(model(load(bar([], { grouping: { kind } }))).grouping).toEqual({
        kind,
        rounding: [0, 0, 0, 0],
        style: 'Default',
        transparencyAlpha: 200,
      });
    }
    const g = model(load(bar([], { grouping: { kind: 'Widget', rounding: [1, 2, 3, 4], style: 'DefaultWithGlowB3O0S2', transparency_alpha: 90 } })));
    expect(g.grouping).toEqual({ kind: 'Widget', rounding: [1, 2, 3, 4], style: 'DefaultWithGlowB3O0S2', transparencyAlpha: 90 });
    expect(model(load(bar([], { grouping: { kind: 'Bar', rounding: 6 } }))).grouping).toMatchObject({ rounding: [6, 6, 6, 6] });
  });

  it('accepts the old style names with a fixable note', () => {
    for (const [old, now] of [
      ['CtByte', 'Default'],
      ['CtByteWithShadow', 'DefaultWithShadowB4O1S3'],
      ['DefaultWithShadow', 'DefaultWithShadowB4O1S3'],
    ]) {
      const r = load(bar([], { grouping: { kind: 'Widget', style: old } }));
      expect(at(r, 'grouping.style')).toMatchObject({ severity: 'note', fix: { content: `"${now}"` } });
      expect(model(r).grouping).toMatchObject({ style: now });
    }
  });

  it('rejects a rounding array that is not 4 numbers, an unknown kind and an alpha over 255', () => {
    const r = load(bar([], { grouping: { kind: 'Widget', rounding: [1, 2, 3], transparency_alpha: 256 } }));
    expect(at(r, 'grouping.rounding').message).toBe('expected an array of exactly 4 numbers 0–10000, found an array of 3 items');
    expect(at(r, 'grouping.transparency_alpha').message).toBe('expected an integer 0–255, found 256');
    const k = load(bar([], { grouping: { kind: 'widget' } }));
    expect(at(k, 'grouping.kind')).toMatchObject({ message: '"widget" is not a known "kind"', hint: 'did you mean "Widget"?' });
    expect(warnings(k)).toEqual([]);
  });
});
