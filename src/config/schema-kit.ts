/**
 * Building blocks for the format's zod schemas, plus the side registry the validator walks.
 *
 * Zod is the single description of the format: TypeScript types, transforms to canonical names,
 * defaults and the emitted JSON Schema all come from it. What zod cannot say — key aliases that
 * earn a note, unknown keys that are only warnings, one-key widget objects, enum spellings with a
 * did-you-mean — is attached here as `WalkMeta` and read by `validate.ts`.
 */
import * as z from 'zod';

export interface EnumMeta {
  /** What the value is, for messages: "a Base16 palette name". */
  label: string;
  /** The spec's spellings, in spec order. */
  canonical: readonly string[];
  /** Real product names accepted silently (`Catppuccin` for `Pastel`). */
  aliases: Readonly<Record<string, string>>;
  /** Old spellings accepted with a note and rewritten by `--fix`. */
  legacy: Readonly<Record<string, string>>;
}

export interface KeyedMeta {
  label: string;
  /** Accepted keys → canonical kind. */
  kinds: Readonly<Record<string, string>>;
  /** Kinds that exist in the format but not in this variant → the error to give. */
  excluded: Readonly<Record<string, string>>;
  /** Kinds accepted with a warning and then skipped (GUI-only widgets). */
  skipped: Readonly<Record<string, string>>;
}

export interface WalkMeta {
  keyAliases?: Readonly<Record<string, string>>;
  /** Keys that old versions used and that nothing reads any more → why, as a hint. */
  retiredKeys?: Readonly<Record<string, string>>;
  /** Keys of another variant → the error to give. */
  excludedKeys?: Readonly<Record<string, string>>;
  enumMeta?: EnumMeta;
  keyed?: KeyedMeta;
  /** Valid by type but outside the documented range: a warning. */
  advisory?: { min: number; max: number; why: string };
  /** An accepted legacy shape of a value: the note and how `--fix` rewrites it. */
  legacyShape?: { note: string; rewrite: (value: unknown) => unknown };
  /** Old tag values of an internally tagged union → the current tag (a note, fixable). */
  tagLegacy?: Readonly<Record<string, string>>;
  /**
   * An internally tagged union whose options are built when a document names their tag (the window-manager
   * messages: 184 of them): the tag's key, every tag, the option of a tag (a zod schema: typed loosely here,
   * because a schema type inside a registry's metadata is too deep for the compiler), and old tags → current.
   */
  lazyTagged?: { tag: string; tags: readonly string[]; optionFor: (tag: string) => object | undefined; legacy: Readonly<Record<string, string>> };
  /** Keys that the spec requires but whose absence we can repair: a warning, not an error. */
  softRequired?: { keys: readonly string[]; why: string };
  /**
   * The value a missing required key gets from `--fix`, where the intent is clear (an absent widget list is an
   * empty one; a listed widget is meant to be enabled); the hint proposes the same value.
   */
  fill?: unknown;
  /** Human description of what is expected, when the generic one is poor. */
  expected?: string;
  /** Checks of a string's content (a strftime format, a time zone name); `index` locates the problem in it. */
  checkString?: (value: string) => StringFinding[];
  /** Checks across an object's fields once they are valid (CustomModifiers); `path` is below the object. */
  checkObject?: (value: Readonly<Record<string, unknown>>) => Array<StringFinding & { path?: readonly string[] }>;
}

export interface StringFinding {
  severity: 'error' | 'warning' | 'note';
  message: string;
  hint?: string;
  /** Index in the decoded string where the problem starts. */
  index?: number;
}

/** A one-key entry accepted with a warning and dropped (e.g. the GUI-only `Systray` widget). */
export interface SkippedEntry {
  kind: 'Skipped';
  config: { name: string };
}

export const walkMeta = z.registry<WalkMeta>();

export function withMeta<T extends z.ZodType>(schema: T, meta: WalkMeta): T {
  walkMeta.add(schema, meta);
  return schema;
}

/** Build a schema once and share it: shared instances become one `$defs` entry in the JSON Schema. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

// Numeric types of the format. JSON cannot carry more than 2^53 exactly, so uint64 stops there.
export const uint = () => z.int().min(0);
export const uint1 = () => z.int().min(1);
export const u8 = () => z.int().min(0).max(255);
export const u32 = () => z.int().min(0).max(4294967295);
export const u64 = () => z.int().min(0);
export const i32 = () => z.int().min(-2147483648).max(2147483647);
export const float = () => z.number();

/**
 * Lengths in the format's pixels, bounded to what can be drawn: a terminal turns them into columns and rows,
 * so 1e308 is not a bigger bar but an allocation that fails. 10 000 px is several screens wide.
 */
export const MAX_PIXELS = 10_000;
export const pixels = () => z.number().min(0).max(MAX_PIXELS);
/** Spacing sides may be negative (pulling a section outwards); the bar reads a negative side as none. */
export const signedPixels = () => z.number().min(-MAX_PIXELS).max(MAX_PIXELS);
/** A font size: the cell size follows from it, so 0 is impossible and 1–1000 covers every real screen. */
export const fontSize = () => z.number().min(1).max(1000);

/** A percentage threshold: uint8 by type, 1–100 by meaning (the original clamps to that range). */
export const percent = () =>
  withMeta(u8(), { advisory: { min: 1, max: 100, why: 'percentage thresholds are clamped to 1–100' } });

/**
 * A string enum of the format. Accepts the canonical names, the real-product aliases and legacy
 * spellings; yields the canonical name.
 */
export function names<const C extends readonly [string, ...string[]]>(
  label: string,
  canonical: C,
  opts: { aliases?: Record<string, C[number]>; legacy?: Record<string, C[number]> } = {},
) {
  const aliases = opts.aliases ?? {};
  const legacy = opts.legacy ?? {};
  const all = [...canonical, ...Object.keys(aliases), ...Object.keys(legacy)] as [string, ...string[]];
  const table: Record<string, C[number]> = { ...aliases, ...legacy };
  const schema = z.enum(all).transform((v): C[number] => table[v] ?? (v as C[number]));
  walkMeta.add(schema, { enumMeta: { label, canonical, aliases, legacy } });
  return schema;
}

/**
 * The format's one-key objects (`{"Battery": {...}}`): a union keyed by the single property name,
 * yielding `{ kind, config }` with the canonical kind.
 */
export function keyedUnion<S extends Record<string, z.ZodType>>(
  label: string,
  entries: S,
  opts: {
    aliases?: Record<string, keyof S & string>;
    excluded?: Record<string, string>;
    skipped?: Record<string, string>;
  } = {},
) {
  const kinds: Record<string, string> = {};
  const options: z.ZodType[] = [];
  const accept = (key: string, kind: string, schema: z.ZodType, skipped = false) => {
    kinds[key] = kind;
    options.push(
      z.strictObject({ [key]: schema }).transform((o) =>
        skipped ? { kind: 'Skipped', config: { name: key } } : { kind, config: (o as Record<string, unknown>)[key] },
      ),
    );
  };
  for (const kind of Object.keys(entries)) accept(kind, kind, entries[kind] as z.ZodType);
  for (const [alias, kind] of Object.entries(opts.aliases ?? {})) accept(alias, kind, entries[kind] as z.ZodType);
  for (const kind of Object.keys(opts.skipped ?? {})) accept(kind, kind, z.looseObject({}), true);
  const schema = z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  walkMeta.add(schema, {
    keyed: { label, kinds, excluded: opts.excluded ?? {}, skipped: opts.skipped ?? {} },
  });
  type Out = { [P in keyof S & string]: { kind: P; config: z.output<S[P]> } }[keyof S & string];
  return schema as unknown as z.ZodType<Out, unknown>;
}
