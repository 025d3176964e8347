/**
 * How much of a config is read: limits shared by the validator and by everything that reads a config file
 * (kept apart from the validator so the running bar can apply them without loading it).
 */

/**
 * The largest config read, in bytes (UTF-16 units for text given in process). The largest of 110 real configs
 * is under 3 KB; a limit 400 times that keeps every check, preview and reload of a hostile file fast.
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The deepest nesting of objects and arrays read. The format's own values are at most 7 levels deep (a
 * message binding's payload) and no real config goes past 6; past 32 a document is not a bar config, and
 * the parser and the validator, which recurse, are never handed one.
 */
export const MAX_CONFIG_DEPTH = 32;
