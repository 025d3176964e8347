/** Applications widget: a launcher row of buttons. */
import * as z from 'zod';
import { APPLICATIONS_DISPLAY_FORMATS } from '../src/config/vocabulary.js';
import { names, once, pixels } from '../src/config/schema-kit.js';
import { enable } from '../src/config/schema/widget-fields.js';

const appDisplay = () => names('an applications display format', APPLICATIONS_DISPLAY_FORMATS);

export const appConfig = once(() =>
  z.strictObject({
    command: z.string(),
    name: z.string(),
    display: appDisplay().optional(),
    enable: z.boolean().optional(),
    icon: z.string().optional(),
    show_command_on_hover: z.boolean().optional(),
  }));

export const applicationsConfig = once(() =>
  z.strictObject({
    enable: enable(),
    items: z.array(appConfig()).max(256),
    display: appDisplay().default('Icon'),
    show_command_on_hover: z.boolean().default(false),
    spacing: pixels().optional(),
  }));
export type ApplicationsConfig = z.output<ReturnType<typeof applicationsConfig>>;
