import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SOCKET_MESSAGE_LEGACY, SOCKET_MESSAGES, socketMessage, socketMessageUnion } from '../../src/config/schema/socket-message.js';
import { detectVariant } from '../../src/config/variant.js';
import { at, bar, errors, load, model, notes } from '../helpers.js';

const withMouse = (mouse: unknown) => load(bar([], { mouse }));
const bind = (message: unknown) => withMouse({ on_middle_click: { message } });
const boundMessage = (message: unknown) => {
  const action = model(bind(message)).mouse?.bindings.on_middle_click;
  if (action?.kind !== 'message') throw new Error('no message binding');
  return action.message;
};

describe('mouse bindings (variant A)', () => {
  it('has the scroll threshold defaults and the TilerMouseMessage defaults', () => {
    const m = model(withMouse({ on_scroll_up: { message: { type: 'CycleFocusWorkspace', content: 'Previous' } }, on_secondary_click: 'komorebic toggle-monocle' })).mouse;
    expect(m).toEqual({
      horizontalScrollThreshold: 30,
      verticalScrollThreshold: 30,
      bindings: {
        on_scroll_up: {
          kind: 'message',
          message: { type: 'CycleFocusWorkspace', content: 'Previous' },
          focusMonitorAtCursor: true,
          ignoreMouseFollowsFocus: true,
        },
        on_secondary_click: { kind: 'command', command: 'komorebic toggle-monocle' },
      },
    });
  });

  it('clamps scroll thresholds to 10–300 with a warning', () => {
    const r = withMouse({ vertical_scroll_threshold: 5, horizontal_scroll_threshold: 500 });
    expect(at(r, 'mouse.vertical_scroll_threshold').severity).toBe('warning');
    expect(model(r).mouse).toMatchObject({ verticalScrollThreshold: 10, horizontalScrollThreshold: 300 });
  });

  it('knows there is no single primary click binding', () => {
    expect(at(withMouse({ on_primary_click: 'x' }), 'mouse.on_primary_click')).toMatchObject({
      severity: 'warning',
      hint: 'there is no single left-click binding (a left click belongs to the widget under it); use "on_primary_double_click"',
    });
  });
});

describe('SocketMessage vocabulary', () => {
  it('has the 184 message types of the spec', () => {
    expect(Object.keys(SOCKET_MESSAGES)).toHaveLength(184);
  });

  it('builds a type only when asked, and accepts and yields exactly what the union of all 184 does', () => {
    const tags = [...Object.keys(SOCKET_MESSAGES), ...Object.keys(SOCKET_MESSAGE_LEGACY), 'Nope', 'focusWindow', ''];
    const content = fc.oneof(fc.jsonValue(), fc.constantFrom('Left', 'Next', 'Increase', 'BSP', 'Horizontal', 0, 1, -1, 2.5, true, [0, 1], ['Exe', 'x'], { x: 1 }));
    const message = fc.oneof(
      fc.record({ type: fc.constantFrom(...tags), content }, { requiredKeys: ['type'] }),
      fc.record({ type: fc.constantFrom(...tags), content, extra: fc.jsonValue() }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(message, (value) => {
        const lazy = socketMessage().safeParse(value);
        const all = socketMessageUnion().safeParse(value);
        expect(lazy.success, JSON.stringify(value)).toBe(all.success);
        if (lazy.success && all.success) expect(lazy.data).toEqual(all.data);
      }),
      { numRuns: 3000 },
    );
    // And every type with a few contents, so each of the 184 is built and compared (176 of these are valid).
    let valid = 0;
    for (const type of Object.keys(SOCKET_MESSAGES)) {
      for (const c of ['Left', 'Next', 'Increase', 0, 1, true, [0, 1], undefined]) {
        const value = c === undefined ? { type } : { type, content: c };
        const lazy = socketMessage().safeParse(value);
        expect(lazy.success, JSON.stringify(value)).toBe(socketMessageUnion().safeParse(value).success);
        if (lazy.success) valid++;
      }
    }
    expect(valid).toBeGreaterThan(100);
  });

  it('reads every payload shape', () => {
    const cases: Array<[unknown, unknown]> = [
      [{ type: 'TogglePause' }, { type: 'TogglePause' }],
      [{ type: 'FocusWindow', content: 'Left' }, { type: 'FocusWindow', content: 'Left' }],
      [{ type: 'FocusWorkspaceNumber', content: 2 }, { type: 'FocusWorkspaceNumber', content: 2 }],
      [{ type: 'ResizeWindowEdge', content: ['Up', 'Increase'] }, { type: 'ResizeWindowEdge', content: ['Up', 'Increase'] }],
      [{ type: 'StackbarFontFamily', content: null }, { type: 'StackbarFontFamily', content: null }],
      [{ type: 'ReplaceConfiguration', content: '$Env:USERPROFILE/k.json' }, { type: 'ReplaceConfiguration', content: '$Env:USERPROFILE/k.json' }],
      [{ type: 'WorkAreaOffset', content: { left: 0, top: 1, right: 2, bottom: 3 } }, { type: 'WorkAreaOffset', content: { left: 0, top: 1, right: 2, bottom: 3 } }],
      [{ type: 'FocusFollowsMouse', content: ['Windows', true] }, { type: 'FocusFollowsMouse', content: ['Os', true] }],
      [{ type: 'AnimationStyle', content: [{ CubicBezier: [0.1, 0.2, 0.3, 0.4] }, null] }, { type: 'AnimationStyle', content: [{ CubicBezier: [0.1, 0.2, 0.3, 0.4] }, null] }],
      [{ type: 'AnimationStyle', content: ['EaseInOutBack', 'movement'] }, { type: 'AnimationStyle', content: ['EaseInOutBack', 'movement'] }],
      [{ type: 'LayoutRatios', content: [[0.5, 0.3], null] }, { type: 'LayoutRatios', content: [[0.5, 0.3], null] }],
      [{ type: 'IgnoreRule', content: ['exe', 'x.exe'] }, { type: 'IgnoreRule', content: ['Exe', 'x.exe'] }],
      [{ type: 'AddSubscriberSocketWithOptions', content: ['bar', { filter_state_changes: true }] }, { type: 'AddSubscriberSocketWithOptions', content: ['bar', { filter_state_changes: true }] }],
      [{ type: 'BorderColour', content: ['Single', 1, 2, 3] }, { type: 'BorderColour', content: ['Single', 1, 2, 3] }],
      [{ type: 'Theme', content: { palette: 'Catppuccin', name: 'Mocha' } }, { type: 'Theme', content: expect.objectContaining({ name: 'Mocha', bar_accent: 'Blue', floating_border: 'Yellow' }) }],
      [{ type: 'Theme', content: { palette: 'Base16', name: 'Github' } }, { type: 'Theme', content: expect.objectContaining({ name: 'Forge', unfocused_locked_border: 'Base08' }) }],
    ];
    for (const [input, output] of cases) expect(boundMessage(input)).toEqual(output);
  });

  it('accepts old type names with a fixable note', () => {
    const r = bind({ type: 'ActiveWindowBorder', content: true });
    expect(at(r, 'mouse.on_middle_click.message.type')).toMatchObject({ severity: 'note', fix: { content: '"Border"' } });
    expect(boundMessage({ type: 'FloatRule', content: ['Title', 'x'] })).toEqual({ type: 'IgnoreRule', content: ['Title', 'x'] });
  });

  it('explains bad messages', () => {
    const problems = (message: unknown) => errors(bind(message)).map((p) => `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
    expect(problems({ type: 'CycleFocusWorkspaces', content: 'Next' })).toEqual([
      'mouse.on_middle_click.message.type: "CycleFocusWorkspaces" is not a known "type" (did you mean "CycleFocusWorkspace"?)',
    ]);
    expect(problems({ type: 'FocusWorkspaceNumber', content: -1 })).toEqual(['mouse.on_middle_click.message.content: expected an integer ≥ 0, found -1']);
    expect(problems({ type: 'ScrollingLayoutColumns', content: 0 })).toEqual(['mouse.on_middle_click.message.content: expected an integer ≥ 1, found 0']);
    expect(problems({ type: 'FocusWindow' })).toEqual(['mouse.on_middle_click.message.content: missing required key "content" (add "content": a direction)']);
    expect(problems({ type: 'CycleFocusWorkspace', content: 'previous' })).toEqual([
      'mouse.on_middle_click.message.content: "previous" is not a cycle direction (did you mean "Previous"?)',
    ]);
    expect(problems({ type: 'MoveContainerToMonitorWorkspaceNumber', content: [1] })).toEqual([
      'mouse.on_middle_click.message.content: expected an array of exactly 2 integers ≥ 0, found an array of 1 item',
    ]);
    expect(problems({ type: 'TransparencyAlpha', content: 300 })).toEqual(['mouse.on_middle_click.message.content: expected an integer 0–255, found 300']);
    expect(problems({ type: 'StackbarFontFamily' })).toEqual(['mouse.on_middle_click.message.content: missing required key "content" (add "content": null)']);
  });

  it('warns about content given to a message without payload', () => {
    const r = bind({ type: 'TogglePause', content: true });
    expect(at(r, 'mouse.on_middle_click.message.content').severity).toBe('warning');
    expect(notes(r)).toEqual([]);
  });
});

describe('variant detection', () => {
  it('prefers --variant, then the $schema URL, then the platform', () => {
    expect(detectVariant('B', 'https://raw.githubusercontent.com/LGUG2Z/komorebi/v0.1.40/schema.bar.json', 'linux')).toEqual({ variant: 'B', source: 'flag' });
    expect(detectVariant(undefined, 'https://raw.githubusercontent.com/LGUG2Z/komorebi-for-mac/master/schema.bar.json', 'win32')).toEqual({ variant: 'B', source: '$schema' });
    expect(detectVariant(undefined, 'https://raw.githubusercontent.com/LGUG2Z/komorebi/master/schema.bar.json', 'darwin')).toEqual({ variant: 'A', source: '$schema' });
    expect(detectVariant(undefined, undefined, 'darwin')).toEqual({ variant: 'B', source: 'platform' });
    expect(detectVariant(undefined, './schema.bar.json', 'linux')).toEqual({ variant: 'A', source: 'platform' });
  });
});
