/**
 * The modules behind the commands, each loaded when its command runs, so `themes` never loads the config
 * schemas and `check` never loads Ink. The command line (program.ts) is given these loaders instead of
 * importing the modules itself: the ES module build passes all of them (lazily imported chunks); each
 * one-shot command's own script (scripts/bundle.mjs, code-cache.ts) passes only its own.
 */
export interface CommandModules {
  check: () => Promise<typeof import('./check.js')>;
  schema: () => Promise<typeof import('./schema.js')>;
  themes: () => Promise<typeof import('./themes.js')>;
  run: () => Promise<typeof import('./run.js')>;
  preview: () => Promise<typeof import('./preview.js')>;
  thresholds: () => Promise<typeof import('./thresholds.js')>;
  feed: () => Promise<typeof import('./feed.js')>;
  serve: () => Promise<typeof import('./serve.js')>;
}

export type CommandName = keyof CommandModules;

export const lazyCommands: CommandModules = {
  check: () => import('./check.js'),
  schema: () => import('./schema.js'),
  themes: () => import('./themes.js'),
  run: () => import('./run.js'),
  preview: () => import('./preview.js'),
  thresholds: () => import('./thresholds.js'),
  feed: () => import('./feed.js'),
  serve: () => import('./serve.js'),
};
