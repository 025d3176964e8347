/** Media widget (variant A): the current media session. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';
import { MEDIA_DISPLAY_FORMATS } from './formats.js';

export const mediaSchema = (k: SchemaKit) =>
  k.z.strictObject({
    enable: k.enable(),
    display: k.names('a media display format', MEDIA_DISPLAY_FORMATS).default('IconAndText'),
  });
export type MediaConfig = z.output<ReturnType<typeof mediaSchema>>;
