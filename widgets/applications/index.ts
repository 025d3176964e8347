/** The Applications kind: a launcher of configured commands; reads nothing, and launches on a click. */
import { isObj, list, need, optional, str } from '../../src/config/model-checks.js';
import { defineKind } from '../kind.js';
import { applicationsSchema, type ApplicationsConfig } from './schema.js';
import { applicationsView } from './view.js';

export const applications = defineKind<ApplicationsConfig>({
  name: 'Applications',
  variants: ['A', 'B'],
  schema: applicationsSchema,
  docs: () => import('./docs.js').then((m) => m.docs),
  view: (config, ctx) => applicationsView(config, ctx.icons === 'nerd'),
  inputs: (_, ctx) => [ctx.icons],
  guard(c, what) {
    for (const item of list(c.items, `${what}.items`, 256)) {
      need(isObj(item), `${what}.items[] is not an object`);
      for (const key of ['name', 'command', 'icon']) optional(item[key], (v) => str(v, `${what}.items[].${key}`));
    }
  },
});
