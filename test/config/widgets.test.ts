import { describe, expect, it } from 'vitest';
import type { WidgetModel } from '../../src/config/model.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';
import { at, bar, errors, load, model, notes, warnings } from '../helpers.js';

const one = (w: unknown, variant: 'A' | 'B' = 'A'): WidgetModel => {
  const m = model(load(bar([w]), variant));
  expect(m.right).toHaveLength(1);
  return m.right[0] as WidgetModel;
};

describe('widget kinds', () => {
  it('applies each widget kind\'s defaults', () => {
    expect(one({ Battery: { enable: true } }).config).toEqual({ enable: true, data_refresh_interval: 10, hide_on_full_charge: false, label_prefix: 'Icon' });
    expect(one({ Cpu: { enable: true } }).config).toEqual({ enable: true, data_refresh_interval: 10, label_prefix: 'IconAndText' });
    expect(one({ Memory: { enable: true } }).config).toEqual({ enable: true, data_refresh_interval: 10, label_prefix: 'IconAndText' });
    expect(one({ Storage: { enable: true } }).config).toEqual({
      enable: true,
      data_refresh_interval: 10,
      label_prefix: 'IconAndText',
      show_read_only_disks: false,
      show_removable_disks: true,
      storage_display_name: 'Mount',
    });
    expect(one({ Network: { enable: true, show_activity: true, show_total_activity: false } }).config).toEqual({
      enable: true,
      show_activity: true,
      show_total_activity: false,
      activity_left_padding: 0,
      data_refresh_interval: 10,
      label_prefix: 'Icon',
      show_default_interface: true,
    });
    expect(one({ Update: { enable: true } }).config).toEqual({ enable: true, data_refresh_interval: 12, label_prefix: 'IconAndText' });
    expect(one({ Keyboard: { enable: true } }).config).toEqual({ enable: true, data_refresh_interval: 10, label_prefix: 'IconAndText' });
    expect(one({ Media: { enable: true } }).config).toEqual({ enable: true, display: 'IconAndText' });
    expect(one({ Date: { enable: true, format: 'YearMonthDate' } }).config).toEqual({
      enable: true,
      format: { kind: 'preset', name: 'YearMonthDate' },
      label_prefix: 'Icon',
    });
    expect(one({ Time: { enable: true, format: 'BinaryCircle', timezone: 'Asia/Tokyo' } }).config).toEqual({
      enable: true,
      format: { kind: 'preset', name: 'BinaryCircle' },
      changing_icon: false,
      label_prefix: 'Icon',
      timezone: 'Asia/Tokyo',
    });
    expect(one({ Applications: { enable: true, items: [{ name: 'T', command: 'wezterm' }] } }).config).toEqual({
      enable: true,
      items: [{ name: 'T', command: 'wezterm' }],
      display: 'Icon',
      show_command_on_hover: false,
    });
  });

  it('requires enable in every widget and names the widget', () => {
    const kinds = ['Battery', 'Cpu', 'Memory', 'Storage', 'Update', 'Keyboard', 'Media'];
    const r = load(bar(kinds.map((k) => ({ [k]: {} }))));
    expect(errors(r).map((p) => p.path)).toEqual(kinds.map((k, i) => `right_widgets[${i}].${k}.enable`));
    expect(errors(r)[0]?.hint).toBe('add "enable": true');
  });

  it('rejects an unknown kind with did-you-mean and a fix for a case slip', () => {
    const r = load(bar([{ CPU: { enable: true } }, { Battry: { enable: true } }, { Clock: {} }]));
    expect(at(r, 'right_widgets[0].CPU')).toMatchObject({ message: '"CPU" is not a widget kind', hint: 'did you mean "Cpu"?', fix: { content: '"Cpu"' } });
    expect(at(r, 'right_widgets[1].Battry').hint).toBe('did you mean "Battery"?');
    // Every name a widget may have: each kind's, its aliases (Komorebi for Tiler), and those skipped (Systray).
    const names = [...BUILTIN_WIDGETS.kinds.flatMap((k) => [k.name, ...(k.aliases ?? [])]), ...Object.keys(BUILTIN_WIDGETS.skipped)];
    expect(at(r, 'right_widgets[2].Clock').hint).toMatch(new RegExp(`^one of ${names.length} names`));
  });

  it('wants exactly one key per widget object', () => {
    const r = load(bar([{ Cpu: { enable: true }, Memory: { enable: true } }, 'Cpu']));
    expect(at(r, 'right_widgets[0]').message).toBe(
      'expected an object with exactly one key, a widget kind, such as {"Applications": ...}; found an object with keys "Cpu", "Memory"',
    );
    expect(at(r, 'right_widgets[1]').message).toMatch(/found "Cpu"$/);
  });

  it('accepts Systray with a warning and leaves it out of the bar', () => {
    const r = load(bar([{ Systray: { enable: true } }, { Cpu: { enable: true } }]));
    expect(at(r, 'right_widgets[0].Systray').severity).toBe('warning');
    expect(model(r).right.map((w) => w.kind)).toEqual(['Cpu']);
  });

  it('checks percentage thresholds: uint8 by type, clamped to 1–100 with a warning', () => {
    const r = load(bar([{ Cpu: { enable: true, auto_select_over: 150 } }, { Storage: { enable: true, auto_hide_under: 0 } }]));
    expect(at(r, 'right_widgets[0].Cpu.auto_select_over')).toMatchObject({ severity: 'warning', message: '150 is outside the meaningful range 1–100' });
    const m = model(r);
    expect(m.right[0]?.config).toMatchObject({ auto_select_over: 100 });
    expect(m.right[1]?.config).toMatchObject({ auto_hide_under: 1 });
    expect(at(load(bar([{ Battery: { enable: true, auto_select_under: 256 } }])), 'right_widgets[0].Battery.auto_select_under').message).toBe(
      'expected an integer 0–255, found 256',
    );
    expect(at(load(bar([{ Memory: { enable: true, data_refresh_interval: 2.5 } }])), 'right_widgets[0].Memory.data_refresh_interval').message).toBe(
      'expected an integer ≥ 0, found 2.5',
    );
  });
});

describe('Network', () => {
  it('requires show_activity and show_total_activity', () => {
    const r = load(bar([{ Network: { enable: true } }]));
    expect(errors(r).map((p) => p.message)).toEqual(['missing required key "show_activity"', 'missing required key "show_total_activity"']);
  });

  it('accepts the old key names with fixable notes', () => {
    const r = load(bar([{ Network: { enable: true, show_network_activity: true, show_total_data_transmitted: true, network_activity_fill_characters: 8 } }]));
    expect(notes(r).map((n) => n.fix?.content)).toEqual(['"show_activity"', '"show_total_activity"', '"activity_left_padding"']);
    expect(model(r).right[0]?.config).toMatchObject({ show_activity: true, show_total_activity: true, activity_left_padding: 8 });
  });

  it('reads byte thresholds as uint64', () => {
    const w = one({ Network: { enable: true, show_activity: true, show_total_activity: true, auto_select: { received_over: 1048576, total_transmitted_over: 0 } } });
    expect(w.config).toMatchObject({ auto_select: { received_over: 1048576, total_transmitted_over: 0 } });
    const r = load(bar([{ Network: { enable: true, show_activity: true, show_total_activity: true, auto_select: { received_over: -1, sent_over: 3 } } }]));
    expect(at(r, 'right_widgets[0].Network.auto_select.received_over').message).toBe('expected an integer ≥ 0, found -1');
    expect(at(r, 'right_widgets[0].Network.auto_select.sent_over').severity).toBe('warning');
  });
});

describe('Date and Time formats', () => {
  it('reads presets, Custom and CustomModifiers', () => {
    expect(one({ Date: { enable: true, format: { Custom: '%A %d' } } }).config).toMatchObject({ format: { kind: 'custom', format: '%A %d', modifiers: {} } });
    expect(one({ Date: { enable: true, format: { CustomModifiers: { format: 'W%U', modifiers: { '%U': 1 } } } } }).config).toMatchObject({
      format: { kind: 'custom', format: 'W%U', modifiers: { '%U': 1 } },
    });
    for (const f of ['TwelveHour', 'TwelveHourWithoutSeconds', 'TwentyFourHour', 'TwentyFourHourWithoutSeconds', 'BinaryCircle', 'BinaryRectangle']) {
      expect(one({ Time: { enable: true, format: f } }).config).toMatchObject({ format: { kind: 'preset', name: f } });
    }
    expect(one({ Time: { enable: true, format: { Custom: '%H:%M' } } }).config).toMatchObject({ format: { kind: 'custom', format: '%H:%M' } });
  });

  it('explains bad formats', () => {
    const r = load(bar([{ Date: { enable: true, format: { custom: '%d/%m' } } }, { Time: { enable: true, format: 'TwentyFourHours' } }, { Date: { enable: true } }]));
    expect(at(r, 'right_widgets[0].Date.format.custom')).toMatchObject({ hint: 'did you mean "Custom"?', fix: { content: '"Custom"' } });
    expect(at(r, 'right_widgets[1].Time.format')).toMatchObject({ message: '"TwentyFourHours" is not a time format', hint: 'did you mean "TwentyFourHour"?' });
    expect(at(r, 'right_widgets[2].Date.format').message).toBe('missing required key "format"');
    const m = load(bar([{ Date: { enable: true, format: { CustomModifiers: { format: '%U', modifiers: { '%U': 'one' } } } } }]));
    expect(at(m, 'right_widgets[0].Date.format.CustomModifiers.modifiers["%U"]').message).toBe('expected an integer -2147483648–2147483647, found "one"');
  });
});

describe('Tiler widget', () => {
  it('is accepted as Tiler and as Komorebi', () => {
    for (const key of ['Tiler', 'Komorebi']) {
      expect(one({ [key]: { workspaces: { enable: true, hide_empty_workspaces: false } } })).toEqual({
        kind: 'Tiler',
        config: { workspaces: { enable: true, hideEmptyWorkspaces: false, display: 'Text' } },
      });
    }
  });

  it('resolves every sub-widget with its defaults', () => {
    const w = one({
      Komorebi: {
        layout: { enable: true },
        focused_container: { enable: true },
        locked_container: { enable: true },
        workspace_layer: { enable: false },
        configuration_switcher: { enable: true, configurations: { zeta: '/z.json', alpha: '$HOME/a.json' } },
      },
    });
    expect(w.config).toEqual({
      layout: {
        enable: true,
        display: 'IconAndText',
        options: ['BSP', 'Columns', 'Rows', 'VerticalStack', 'RightMainVerticalStack', 'HorizontalStack', 'UltrawideVerticalStack', 'Grid', 'Monocle', 'Floating', 'Paused'],
      },
      focusedContainer: { enable: true, display: 'Text' },
      lockedContainer: { enable: true, display: 'Text', showWhenUnlocked: false },
      workspaceLayer: { enable: false, display: 'Text', showWhenTiling: false },
      configurationSwitcher: { enable: true, configurations: [{ name: 'alpha', path: '$HOME/a.json' }, { name: 'zeta', path: '/z.json' }] },
    });
  });

  it('takes focused_window with a note, and show_icon only when display is absent', () => {
    const r = load(bar([{ Komorebi: { focused_window: { enable: true, show_icon: true } } }]));
    expect(at(r, 'right_widgets[0].Komorebi.focused_window')).toMatchObject({ severity: 'note', fix: { content: '"focused_container"' } });
    expect(model(r).right[0]?.config).toEqual({ focusedContainer: { enable: true, display: 'IconAndText' } });
    expect(one({ Komorebi: { focused_container: { enable: true, show_icon: true, display: 'Icon' } } }).config).toEqual({
      focusedContainer: { enable: true, display: 'Icon' },
    });
  });

  it('reads layout options as strings, accepts {"Default": ...} with a note, rejects the rest', () => {
    expect(one({ Komorebi: { layout: { enable: true, options: ['BSP', 'Scrolling', 'Monocle', 'Paused', 'Custom'] } } }).config).toMatchObject({
      layout: { options: ['BSP', 'Scrolling', 'Monocle', 'Paused', 'Custom'] },
    });
    const legacy = load(bar([{ Komorebi: { layout: { enable: true, options: [{ Default: 'Grid' }] } } }]));
    expect(at(legacy, 'right_widgets[0].Komorebi.layout.options[0]')).toMatchObject({ severity: 'note', fix: { content: '"Grid"' } });
    expect(model(legacy).right[0]?.config).toMatchObject({ layout: { options: ['Grid'] } });
    const bad = load(bar([{ Komorebi: { layout: { enable: true, options: [null, 'Bsp'] } } }]));
    expect(at(bad, 'right_widgets[0].Komorebi.layout.options[0]').message).toMatch(/^expected a layout name: "BSP", .*, found null$/);
    expect(at(bad, 'right_widgets[0].Komorebi.layout.options[1]')).toMatchObject({ hint: 'did you mean "BSP"?', fix: { content: '"BSP"' } });
  });

  it('requires hide_empty_workspaces and checks display formats per sub-widget', () => {
    const r = load(bar([{ Komorebi: { workspaces: { enable: true, display: 'AllIcons' }, layout: { enable: true, display: 'AllIcons' } } }]));
    expect(at(r, 'right_widgets[0].Komorebi.workspaces.hide_empty_workspaces').message).toBe('missing required key "hide_empty_workspaces"');
    expect(at(r, 'right_widgets[0].Komorebi.layout.display').message).toBe('"AllIcons" is not a display format');
  });

  it('warns when a key is given twice under old and new names, using the later', () => {
    const r = load(bar([{ Komorebi: { focused_window: { enable: false }, focused_container: { enable: true } } }]));
    expect(warnings(r).map((w) => w.message)).toEqual(['"focused_container" is given twice (also as "focused_window"); this later one is used']);
    expect(model(r).right[0]?.config).toEqual({ focusedContainer: { enable: true, display: 'Text' } });
  });
});

describe('Applications', () => {
  it('requires items with name and command', () => {
    const r = load(bar([{ Applications: { enable: true, items: [{ name: 'x' }, { command: 'y', display: 'Both' }] } }]));
    expect(errors(r).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'right_widgets[0].Applications.items[0].command: missing required key "command"',
      'right_widgets[0].Applications.items[1].display: "Both" is not an applications display format',
      'right_widgets[0].Applications.items[1].name: missing required key "name"',
    ]);
  });
});

describe('variants', () => {
  it('rejects Keyboard, Media and mouse in variant B with a clear error', () => {
    const r = load(bar([{ Keyboard: { enable: true } }, { Media: { enable: true } }], { mouse: {} }), 'B');
    expect(errors(r).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'right_widgets[0].Keyboard: the Keyboard widget exists only in variant A (Windows); this file is checked as variant B (macOS)',
      'right_widgets[1].Media: the Media widget exists only in variant A (Windows); this file is checked as variant B (macOS)',
      'mouse: "mouse" exists only in variant A (Windows); this file is checked as variant B (macOS)',
    ]);
  });

  it('loads the same shared widgets in both variants', () => {
    const doc = bar([{ Komorebi: { workspaces: { enable: true, hide_empty_workspaces: true } } }, { Cpu: { enable: true } }]);
    expect(model(load(doc, 'A')).right).toEqual(model(load(doc, 'B')).right);
    expect(model(load(doc, 'B')).variant).toBe('B');
  });
});
