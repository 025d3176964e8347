/** What the Applications widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

const DISPLAY = {
  Icon: 'The icon alone.',
  Text: 'The name alone.',
  IconAndText: 'The icon and the name.',
};

export const docs: KindDocs = {
  description: 'A row of buttons that start programs: a click runs the item\'s command.',
  fields: {
    items: 'The buttons, in order: each a name and a command (at most 256).',
    'items[]': { id: 'AppConfig', description: 'One button: its name, its command, and how it is shown.' },
    'items[].command': { description: 'What a click runs: a program\'s path or a shell command.', examples: ['notepad.exe', 'firefox'] },
    'items[].name': 'The button\'s name (empty: "App" and its number).',
    'items[].display': { description: 'How this button is shown, instead of the widget\'s "display".', values: DISPLAY },
    'items[].enable': 'Shows this button; the widget\'s "enable" when absent.',
    'items[].icon': 'An image file, or a character of your font, shown as the icon.',
    'items[].show_command_on_hover': 'Show this button\'s command when the mouse is over it, instead of the widget\'s setting.',
    display: { description: 'How every button is shown, unless the item says otherwise.', values: DISPLAY },
    show_command_on_hover: 'Show an item\'s command when the mouse is over it (an item may say otherwise).',
    spacing: 'Space between two buttons, in pixels.',
  },
};
