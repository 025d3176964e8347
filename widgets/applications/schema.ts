/** Applications widget: a launcher row of buttons. */
import type * as z from 'zod';
import type { SchemaKit } from '../../src/config/schema/widget-kit.js';
import { APPLICATIONS_DISPLAY_FORMATS } from './formats.js';

export const applicationsSchema = (k: SchemaKit) => {
  const display = () => k.names('an applications display format', APPLICATIONS_DISPLAY_FORMATS);
  const app = k.z.strictObject({
    command: k.z.string(),
    name: k.z.string(),
    display: display().optional(),
    enable: k.z.boolean().optional(),
    icon: k.z.string().optional(),
    show_command_on_hover: k.z.boolean().optional(),
  });
  return k.z.strictObject({
    enable: k.enable(),
    items: k.z.array(app).max(256),
    display: display().default('Icon'),
    show_command_on_hover: k.z.boolean().default(false),
    spacing: k.pixels().optional(),
  });
};
export type ApplicationsConfig = z.output<ReturnType<typeof applicationsSchema>>;
