/** What the Media widget's settings mean, for `tilebar schema` (loaded only for it). */
import type { KindDocs } from '../../src/config/schema-docs.js';

export const docs: KindDocs = {
  description: 'What is playing (artist and title), with buttons to go back, pause and skip (variant A, Windows).',
  fields: {
    display: {
      description: 'What the widget shows of the player.',
      values: {
        Icon: 'The media icon alone.',
        Text: 'The artist and title alone.',
        IconAndText: 'The icon, the artist and the title.',
        ControlsOnly: 'The previous, play/pause and next buttons alone.',
        IconAndControls: 'The icon and the buttons.',
        TextAndControls: 'The artist and title, and the buttons.',
        Full: 'The icon, the artist and title, and the buttons.',
      },
    },
  },
};
