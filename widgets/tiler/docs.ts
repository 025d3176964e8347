/** What the window-manager widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';
import { LAYOUT_VALUES } from '../../src/config/layout-words.js';

const part = (what: string) => `${what}; absent, this part is not shown.`;

export const docs: KindDocs = {
  description: 'The window manager (komorebi, i3, sway, Hyprland): workspaces, layout, focused window and more. "Komorebi" is another name for it.',
  fields: {
    configuration_switcher: part('Buttons that switch the window manager to another configuration file'),
    'configuration_switcher.configurations': { description: 'Each button\'s label and the path of its configuration file.', examples: [{ work: '~/.config/komorebi/work.json' }] },
    focused_container: part('The focused window\'s title and icon'),
    'focused_container.display': 'How the focused window is shown.',
    'focused_container.show_icon': 'Old way to show the icon; "display" says it now (true means IconAndText).',
    layout: part('The focused workspace\'s layout; a click switches to the next of "options"'),
    'layout.display': 'How the layout is shown.',
    'layout.options': { description: 'The layouts a click cycles through, in order.', examples: [['BSP', 'VerticalStack', 'Monocle']], values: { ...LAYOUT_VALUES, Monocle: 'One window over the whole workspace.', Floating: 'Windows float freely.', Paused: 'Tiling paused.', Custom: 'A layout from a file.' } },
    locked_container: part('Whether the focused container is locked in its place'),
    'locked_container.display': 'How the lock is shown.',
    'locked_container.show_when_unlocked': 'Show the widget when the container is not locked, too.',
    workspace_layer: part('Whether the focused workspace shows its tiling or its floating layer'),
    'workspace_layer.display': 'How the layer is shown.',
    'workspace_layer.show_when_tiling': 'Show the widget on the tiling layer, too.',
    workspaces: part('The workspaces of the monitor; a click focuses one'),
    'workspaces.hide_empty_workspaces': 'Leave out workspaces that have no window (the focused one is always shown).',
    'workspaces.display': 'How each workspace is shown.',
  },
};
