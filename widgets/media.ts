/** Media widget (variant A): the current media session. */
import * as z from 'zod';
import { names, once } from '../src/config/schema-kit.js';
import { enable } from '../src/config/schema/widget-fields.js';

export const MEDIA_DISPLAY_FORMATS = [
  'Icon',
  'Text',
  'IconAndText',
  'ControlsOnly',
  'IconAndControls',
  'TextAndControls',
  'Full',
] as const;

export const mediaConfig = once(() =>
  z.strictObject({
    enable: enable(),
    display: names('a media display format', MEDIA_DISPLAY_FORMATS).default('IconAndText'),
  }));
export type MediaConfig = z.output<ReturnType<typeof mediaConfig>>;
