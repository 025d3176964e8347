/**
 * Validate a JSONC syntax tree against a zod schema of the format, collecting every problem with
 * its position, then let zod produce the typed, canonical value.
 *
 * Why a walker and not `schema.safeParse` alone: zod stops at a failing union with one opaque
 * issue, cannot warn (unknown keys must be warnings, aliases notes) and knows nothing of source
 * positions. The walker reads the zod definitions, so the schema stays the one description.
 */
import { getNodeValue, type Node } from 'jsonc-parser';
import type * as z from 'zod';
import { formatPath, type Problem, type Severity, type TextEdit } from './problem.js';
import { walkMeta, type EnumMeta, type KeyedMeta, type WalkMeta } from './schema-kit.js';
import type { SourceText } from './source.js';
import { didYouMean, uniqueSuggestion } from './suggest.js';
import { quote } from '../text/safe-text.js';
import { describeFound } from './describe-found.js';
import { wordList } from '../text/word-list.js';

/**
 * A key of the document looked up in one of our tables: own properties only, so `constructor`, `toString`
 * or `__proto__` in a config are unknown keys like any other, never Object.prototype's members.
 */
function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Set a property named by the document (`__proto__` included) as plain data, never as the prototype. */
function setData(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type Seg = string | number;
type Def = { type: string } & Record<string, unknown>;

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { def: Def }).def;
}

const NOTHING = Symbol('invalid');

/** Walk results: the cleaned value (aliases resolved, unknown keys dropped), or NOTHING if invalid. */
type Walked = unknown;

export class SchemaWalker {
  readonly problems: Problem[] = [];
  private errorCount = 0;

  constructor(
    private readonly src: SourceText,
    /** Keys allowed anywhere in the root object without a warning (`$schema`). */
    private readonly rootExtras: readonly string[] = ['$schema'],
  ) {}

  get errors(): number {
    return this.errorCount;
  }

  report(severity: Severity, node: Node | undefined, path: readonly Seg[], message: string, hint?: string, fix?: TextEdit) {
    const pos = this.src.position(node?.offset ?? 0);
    if (severity === 'error') this.errorCount++;
    const p: Problem = { severity, path: formatPath(path), line: pos.line, col: pos.col, message };
    if (hint) p.hint = hint;
    if (fix) p.fix = fix;
    this.problems.push(p);
  }

  /** A problem at a source offset inside a node (a specifier inside a format string). */
  reportAt(severity: Severity, offset: number, path: readonly Seg[], message: string, hint?: string) {
    const pos = this.src.position(offset);
    if (severity === 'error') this.errorCount++;
    const p: Problem = { severity, path: formatPath(path), line: pos.line, col: pos.col, message };
    if (hint) p.hint = hint;
    this.problems.push(p);
  }

  /** The source offset of character `index` of a string node's decoded value (escapes take more source). */
  private stringOffset(node: Node, index: number): number {
    const raw = this.src.text.slice(node.offset + 1, node.offset + node.length - 1);
    let at = 0;
    for (let decoded = 0; decoded < index && at < raw.length; decoded++) at += raw[at] === '\\' ? (raw[at + 1] === 'u' ? 6 : 2) : 1;
    return node.offset + 1 + at;
  }

  walk(schema: z.ZodType, node: Node, path: readonly Seg[]): Walked {
    const meta = walkMeta.get(schema);
    if (meta?.enumMeta) return this.walkEnum(meta.enumMeta, node, path);
    if (meta?.lazyTagged) return this.walkLazyTagged(meta.lazyTagged, node, path);
    if (meta?.keyed) return this.walkKeyed(schema, meta.keyed, node, path);
    const def = defOf(schema);
    const inner = innerOf(def, false);
    if (inner) return this.walk(inner, node, path);
    switch (def.type) {
      case 'nullable':
        return node.type === 'null' ? null : this.walk(def.innerType as z.ZodType, node, path);
      case 'object':
        return this.walkObject(schema, meta, node, path);
      case 'record':
        return this.walkRecord(def, node, path);
      case 'array':
        return this.walkArray(def, node, path);
      case 'tuple':
        return this.walkTuple(def.items as z.ZodType[], node, path);
      case 'union':
        return typeof def.discriminator === 'string'
          ? this.walkTagged(schema, def, node, path)
          : this.walkUnion(schema, def.options as z.ZodType[], node, path);
      case 'unknown':
      case 'any':
        return getNodeValue(node);
      default:
        return this.walkLeaf(schema, meta, node, path);
    }
  }

  /** An unknown name: did-you-mean as the hint, and a fix when the name plainly meant is the only one. */
  private unknownName(node: Node, path: readonly Seg[], message: string, found: string, candidates: readonly string[], listed = candidates) {
    const meant = node.type === 'string' ? uniqueSuggestion(found, candidates) : undefined;
    this.report('error', node, path, message, didYouMean(found, candidates) ?? listHint(listed), meant ? replaceNode(node, meant) : undefined);
    return NOTHING;
  }

  /** An old name that is still accepted: a note, with a rename fix unless renaming would clash. */
  private oldName(node: Node, path: readonly Seg[], old: string, now: string, fixable = true) {
    this.report('note', node, path, `"${old}" is the old name of "${now}"; accepted`, undefined, fixable ? replaceNode(node, now) : undefined);
  }

  private typeError(schema: z.ZodType, node: Node, path: readonly Seg[]): typeof NOTHING {
    const meant = plainlyMeant(schema, node);
    this.report('error', node, path, `expected ${describeExpected(schema)}, found ${describeFound(node)}`, meant ? `write it without quotes: ${meant}` : undefined, meant ? { offset: node.offset, length: node.length, content: meant } : undefined);
    return NOTHING;
  }

  private walkLeaf(schema: z.ZodType, meta: WalkMeta | undefined, node: Node, path: readonly Seg[]): Walked {
    if (!acceptsJsonType(schema, node.type)) return this.typeError(schema, node, path);
    const value: unknown = getNodeValue(node);
    const def = defOf(schema);
    if (def.type === 'literal' && !(def.values as unknown[]).includes(value)) {
      return this.typeError(schema, node, path);
    }
    if (!schema.safeParse(value).success) return this.typeError(schema, node, path);
    if (meta?.checkString && typeof value === 'string') {
      for (const f of meta.checkString(value)) {
        this.reportAt(f.severity, this.stringOffset(node, f.index ?? 0), path, f.message, f.hint);
      }
    }
    if (meta?.advisory && typeof value === 'number') {
      const { min, max, why } = meta.advisory;
      if (value < min || value > max) {
        this.report('warning', node, path, `${value} is outside the meaningful range ${min}–${max}`, why);
      }
    }
    return value;
  }

  private walkEnum(meta: EnumMeta, node: Node, path: readonly Seg[]): Walked {
    const accepted = [...meta.canonical, ...Object.keys(meta.aliases)];
    if (node.type !== 'string') {
      this.report('error', node, path, `expected ${meta.label}, found ${describeFound(node)}`, listHint(meta.canonical));
      return NOTHING;
    }
    const found = String(node.value);
    if (accepted.includes(found)) return found;
    const legacy = own(meta.legacy, found);
    if (legacy) {
      this.oldName(node, path, found, legacy);
      return legacy;
    }
    return this.unknownName(node, path, `${quote(found)} is not ${meta.label}`, found, accepted, meta.canonical);
  }

  private walkKeyed(schema: z.ZodType, meta: KeyedMeta, node: Node, path: readonly Seg[]): Walked {
    const props = node.type === 'object' ? (node.children ?? []) : [];
    if (node.type !== 'object' || props.length !== 1) {
      const example = Object.keys(meta.kinds)[0] ?? 'Kind';
      this.report(
        'error',
        node,
        path,
        `expected an object with exactly one key, ${meta.label}, such as {"${example}": ...}; found ${describeFound(node)}`,
      );
      return NOTHING;
    }
    const [keyNode, valueNode] = props[0]?.children ?? [];
    if (!keyNode || !valueNode) return NOTHING;
    const key = String(keyNode.value);
    const inner = [...path, key];
    const excluded = own(meta.excluded, key);
    if (excluded) {
      this.report('error', keyNode, inner, excluded);
      return NOTHING;
    }
    const skipped = own(meta.skipped, key);
    if (skipped) {
      this.report('warning', keyNode, inner, skipped);
      return { [key]: {} };
    }
    if (!Object.hasOwn(meta.kinds, key)) return this.unknownName(keyNode, inner, `${quote(key)} is not ${meta.label}`, key, Object.keys(meta.kinds));
    const option = (defOf(schema).options as z.ZodType[]).find((o) => Object.hasOwn(shapeOf(o), key));
    const valueSchema = option ? own(shapeOf(option), key) : undefined;
    if (!valueSchema) return NOTHING;
    const walked = this.walk(valueSchema, valueNode, inner);
    return walked === NOTHING ? NOTHING : { [key]: walked };
  }

  private walkObject(schema: z.ZodType, meta: WalkMeta | undefined, node: Node, path: readonly Seg[]): Walked {
    if (node.type !== 'object') return this.typeError(schema, node, path);
    const shape = shapeOf(schema);
    const out: Record<string, unknown> = {};
    const seen = new Map<string, string>();
    /** Keys a misspelt key is renamed to by --fix: not also inserted as missing, nor renamed to twice. */
    const renamedTo = new Set<string>();
    let ok = true;
    for (const prop of node.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      if (!keyNode) continue;
      const key = String(keyNode.value);
      const keyPath = [...path, key];
      let canonical: string | undefined;
      const alias = own(meta?.keyAliases, key);
      if (Object.hasOwn(shape, key)) canonical = key;
      else if (alias) {
        canonical = alias;
        // Renaming would duplicate a key the object already has: leave that choice to the user.
        const clash = (node.children ?? []).some((p) => p.children?.[0]?.value === canonical);
        this.oldName(keyNode, keyPath, key, canonical, !clash);
      } else if (own(meta?.excludedKeys, key)) {
        this.report('error', keyNode, keyPath, own(meta?.excludedKeys, key) ?? '');
        ok = false;
        continue;
      } else if (path.length === 0 && this.rootExtras.includes(key)) {
        continue;
      } else if (own(meta?.retiredKeys, key)) {
        this.report('warning', keyNode, keyPath, `${quote(key)} is not read by the bar (ignored)`, own(meta?.retiredKeys, key));
        continue;
      } else {
        // A key plainly misspelt is renamed by --fix, unless the object already has the key it meant.
        const meant = uniqueSuggestion(key, Object.keys(shape));
        const clash = meant !== undefined && ((node.children ?? []).some((p) => p.children?.[0]?.value === meant) || renamedTo.has(meant));
        this.report('warning', keyNode, keyPath, `unknown key ${quote(key)} (ignored)`, didYouMean(key, Object.keys(shape)), meant && !clash ? replaceNode(keyNode, meant) : undefined);
        if (meant && !clash) renamedTo.add(meant);
        continue;
      }
      const previous = seen.get(canonical);
      if (previous !== undefined) {
        const also = previous === key ? '' : ` (also as ${quote(previous)})`;
        this.report('warning', keyNode, keyPath, `${quote(canonical)} is given twice${also}; this later one is used`, 'keep one of them');
      }
      seen.set(canonical, key);
      const fieldSchema = own(shape, canonical);
      if (!valueNode || !fieldSchema) continue;
      if (valueNode.type === 'null' && isOptional(fieldSchema) && !acceptsJsonType(fieldSchema, 'null')) {
        // serde reads null in an optional field as "absent"; so do we.
        delete out[canonical];
        continue;
      }
      const walked = this.walk(fieldSchema, valueNode, keyPath);
      if (walked === NOTHING) ok = false;
      else out[canonical] = walked;
    }
    const soft = meta?.softRequired;
    const softMissing = soft ? soft.keys.filter((k) => !seen.has(k)) : [];
    if (soft && softMissing.length > 0) {
      this.report('warning', node, path, `${softMissing.map((k) => `"${k}"`).join(', ')} missing`, soft.why);
    }
    let inserting = false;
    for (const [key, fieldSchema] of Object.entries(shape)) {
      if (seen.has(key) || isOptional(fieldSchema)) continue;
      // One insertion per object and run: `--fix` applies it and checks again for the next.
      const fill: TextEdit | undefined = inserting || renamedTo.has(key) ? undefined : this.insertion(node, key, fieldSchema);
      inserting ||= fill !== undefined;
      this.report('error', node, [...path, key], `missing required key "${key}"`, `add "${key}": ${exampleOf(fieldSchema)}`, fill);
      ok = false;
    }
    if (ok && meta?.checkObject) {
      for (const f of meta.checkObject(out)) {
        const at = keyNodeAt(node, f.path ?? []) ?? node;
        this.report(f.severity, at, [...path, ...(f.path ?? [])], f.message, f.hint);
        if (f.severity === 'error') ok = false;
      }
    }
    return ok ? out : NOTHING;
  }

  /**
   * The edit that adds a missing key with its `fill` value to `node`: after the last property (on a line of
   * its own, indented like it, when the object spans lines), or inside an empty object. Made from the nodes'
   * offsets alone — a formatter run over the whole text for every missing key made a 1 MB document take 100 ms.
   */
  private insertion(node: Node, key: string, schema: z.ZodType): TextEdit | undefined {
    const fill = metaChain(schema).find((m) => m.fill !== undefined)?.fill;
    if (fill === undefined) return undefined;
    const property = `${JSON.stringify(key)}: ${JSON.stringify(fill)}`;
    const last = node.children?.at(-1);
    if (!last) return { offset: node.offset + 1, length: 0, content: property };
    const end = last.offset + last.length;
    const text = this.src.text;
    const first = node.children?.[0];
    if (!first || !text.slice(node.offset, first.offset).includes('\n')) return { offset: end, length: 0, content: `, ${property}` };
    const lineStart = text.lastIndexOf('\n', last.offset) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart, last.offset))?.[0] ?? '';
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { offset: end, length: 0, content: `,${eol}${indent}${property}` };
  }

  private walkRecord(def: Def, node: Node, path: readonly Seg[]): Walked {
    if (node.type !== 'object') {
      this.report('error', node, path, `expected an object, found ${describeFound(node)}`);
      return NOTHING;
    }
    const out: Record<string, unknown> = {};
    let ok = true;
    for (const prop of node.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = String(keyNode.value);
      const keyCheck = this.walk(def.keyType as z.ZodType, keyNode, [...path, key]);
      const walked = this.walk(def.valueType as z.ZodType, valueNode, [...path, key]);
      if (walked === NOTHING || keyCheck === NOTHING) ok = false;
      else setData(out, key, walked);
    }
    return ok ? out : NOTHING;
  }

  private walkArray(def: Def, node: Node, path: readonly Seg[]): Walked {
    const element = def.element as z.ZodType;
    if (node.type !== 'array') {
      this.report('error', node, path, `expected an array, found ${describeFound(node)}`);
      return NOTHING;
    }
    const max = maxItemsOf(def);
    if (max !== undefined && (node.children ?? []).length > max) {
      this.report('error', node, path, `expected at most ${max} items, found ${(node.children ?? []).length}`, 'a bar row has room for far fewer');
      return NOTHING;
    }
    const items = (node.children ?? []).map((child, i) => this.walk(element, child, [...path, i]));
    return items.includes(NOTHING) ? NOTHING : items;
  }

  private walkTuple(items: z.ZodType[], node: Node, path: readonly Seg[]): Walked {
    const children = node.children ?? [];
    if (node.type !== 'array' || children.length !== items.length) {
      this.report(
        'error',
        node,
        path,
        `expected ${describeTuple(items)}, found ${describeFound(node)}`,
      );
      return NOTHING;
    }
    const out = children.map((child, i) => this.walk(items[i] as z.ZodType, child, [...path, i]));
    return out.includes(NOTHING) ? NOTHING : out;
  }

  /** Internally tagged unions (`kind`, `palette`, `type`): the tag chooses the option. */
  private walkTagged(schema: z.ZodType, def: Def, node: Node, path: readonly Seg[]): Walked {
    const tag = def.discriminator as string;
    const options = def.options as z.ZodType[];
    if (node.type !== 'object') return this.typeError(schema, node, path);
    return this.walkByTag(node, path, {
      tag,
      tags: options.flatMap((o) => literalValues(own(shapeOf(o), tag))).map(String),
      optionFor: (value) => options.find((o) => literalValues(own(shapeOf(o), tag)).includes(value)),
      legacy: walkMeta.get(schema)?.tagLegacy,
    });
  }

  /** A tagged union whose options are built on demand (the window-manager messages): as walkTagged. */
  private walkLazyTagged(meta: NonNullable<WalkMeta['lazyTagged']>, node: Node, path: readonly Seg[]): Walked {
    if (node.type !== 'object') {
      this.report('error', node, path, `expected an object with a ${JSON.stringify(meta.tag)}, found ${describeFound(node)}`);
      return NOTHING;
    }
    return this.walkByTag(node, path, { ...meta, optionFor: (value) => meta.optionFor(value) as z.ZodType | undefined });
  }

  /** An object whose tag (`kind`, `palette`, `type`) chooses the option it is walked as. */
  private walkByTag(
    node: Node,
    path: readonly Seg[],
    t: { tag: string; tags: readonly string[]; optionFor: (value: string) => z.ZodType | undefined; legacy: Readonly<Record<string, string>> | undefined },
  ): Walked {
    const { tag, tags } = t;
    const tagNode = (node.children ?? []).find((p) => p.children?.[0]?.value === tag)?.children?.[1];
    if (!tagNode) {
      this.report('error', node, [...path, tag], `missing required key "${tag}"`, listHint(tags));
      return NOTHING;
    }
    if (tagNode.type !== 'string') {
      this.report('error', tagNode, [...path, tag], `expected a ${JSON.stringify(tag)} name, found ${describeFound(tagNode)}`, listHint(tags));
      return NOTHING;
    }
    const value = String(tagNode.value);
    const option = t.optionFor(value);
    if (!option) return this.unknownName(tagNode, [...path, tag], `${quote(value)} is not a known ${JSON.stringify(tag)}`, value, tags);
    const legacyTag = own(t.legacy, value);
    if (legacyTag) this.oldName(tagNode, [...path, tag], value, legacyTag);
    return this.walk(option, node, path);
  }

  /** Untagged unions: choose the option by JSON type, then by the most keys in common. */
  private walkUnion(schema: z.ZodType, options: z.ZodType[], node: Node, path: readonly Seg[]): Walked {
    const fitting = options.filter((o) => acceptsJsonType(o, node.type));
    if (fitting.length === 0) return this.typeError(schema, node, path);
    let chosen = fitting[0] as z.ZodType;
    if (node.type === 'object' && fitting.length > 1) {
      const keys = (node.children ?? []).map((p) => String(p.children?.[0]?.value));
      let best = -1;
      for (const o of fitting) {
        const shape = shapeOfDeep(o);
        const score = shape ? keys.filter((k) => Object.hasOwn(shape, k)).length : 0;
        if (score > best) {
          best = score;
          chosen = o;
        }
      }
    } else if (node.type === 'string' && fitting.length > 1) {
      // Prefer the option that takes this exact string (an enum member over a free string).
      const value = String(node.value);
      chosen = fitting.find((o) => o.safeParse(value).success) ?? chosen;
    }
    const legacy = metaChain(chosen).find((m) => m.legacyShape)?.legacyShape;
    const walked = this.walk(chosen, node, path);
    if (legacy && walked !== NOTHING) {
      const rewritten = legacy.rewrite(walked);
      this.report('note', node, path, legacy.note, undefined, {
        offset: node.offset,
        length: node.length,
        content: JSON.stringify(rewritten),
      });
    }
    return walked;
  }
}

// ---- schema introspection -------------------------------------------------------------------

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema a wrapper stands for (a pipe for its input side); `nullable` only when asked. */
function innerOf(def: Def, throughNullable: boolean): z.ZodType | undefined {
  if (WRAPPERS.has(def.type) || (throughNullable && def.type === 'nullable')) return def.innerType as z.ZodType;
  if (def.type === 'pipe') return def.in as z.ZodType;
  if (def.type === 'lazy') return (def.getter as () => z.ZodType)();
  return undefined;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let inner = innerOf(defOf(s), true); inner; inner = innerOf(defOf(s), true)) s = inner;
  return s;
}

/** The walk metadata of a schema and of every wrapper inside it, outermost first. */
function metaChain(schema: z.ZodType): WalkMeta[] {
  const out: WalkMeta[] = [];
  for (let s: z.ZodType | undefined = schema; s; s = innerOf(defOf(s), true)) {
    const m = walkMeta.get(s);
    if (m) out.push(m);
  }
  return out;
}

/** The key node of the property at `path` below an object node (`["modifiers", "%U"]`). */
function keyNodeAt(node: Node, path: readonly string[]): Node | undefined {
  let current: Node | undefined = node;
  let key: Node | undefined;
  for (const k of path) {
    const prop: Node | undefined = current?.children?.find((p) => p.children?.[0]?.value === k);
    key = prop?.children?.[0];
    current = prop?.children?.[1];
  }
  return key;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const s = unwrap(schema);
  const def = defOf(s);
  return def.type === 'object' ? (def.shape as Record<string, z.ZodType>) : {};
}

function shapeOfDeep(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'union') {
    const merged: Record<string, z.ZodType> = {};
    for (const o of def.options as z.ZodType[]) Object.assign(merged, shapeOfDeep(o) ?? {});
    return merged;
  }
  return undefined;
}

function literalValues(schema: z.ZodType | undefined): unknown[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  if (def.type === 'literal') return def.values as unknown[];
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>);
  return [];
}

/** An array's `.max(n)`, if it has one. */
function maxItemsOf(def: Def): number | undefined {
  for (const check of (def.checks as Array<{ _zod: { def: { check: string; maximum?: number } } }> | undefined) ?? []) {
    const d = check._zod.def;
    if (d.check === 'max_length' && typeof d.maximum === 'number') return d.maximum;
  }
  return undefined;
}

function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'pipe') return isOptional(def.in as z.ZodType);
  return false;
}

type JsonType = Node['type'];

function acceptsJsonType(schema: z.ZodType, t: JsonType): boolean {
  if (walkMeta.get(schema)?.enumMeta) return t === 'string';
  if (walkMeta.get(schema)?.keyed) return t === 'object';
  const def = defOf(schema);
  const inner = innerOf(def, false);
  if (inner) return acceptsJsonType(inner, t);
  switch (def.type) {
    case 'nullable':
      return t === 'null' || acceptsJsonType(def.innerType as z.ZodType, t);
    case 'union':
      return (def.options as z.ZodType[]).some((o) => acceptsJsonType(o, t));
    case 'object':
    case 'record':
      return t === 'object';
    case 'array':
    case 'tuple':
      return t === 'array';
    case 'string':
    case 'enum':
    case 'template_literal':
      return t === 'string';
    case 'number':
    case 'int':
      return t === 'number';
    case 'boolean':
      return t === 'boolean';
    case 'null':
      return t === 'null';
    case 'literal':
      return (def.values as unknown[]).some((v) => jsonTypeOf(v) === t);
    default:
      return true;
  }
}

function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as JsonType;
}

// ---- messages ---------------------------------------------------------------------------------

export function describeExpected(schema: z.ZodType): string {
  const metas = metaChain(schema);
  const described = metas.find((m) => m.expected)?.expected;
  if (described) return described;
  const enumMeta = metas.find((m) => m.enumMeta)?.enumMeta;
  if (enumMeta) return enumMeta.label;
  const keyed = metas.find((m) => m.keyed)?.keyed;
  if (keyed) return keyed.label;
  const s = unwrap(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'number': {
      const n = s as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      const kind = n.isInt ? 'an integer' : 'a number';
      const max = n.maxValue !== null && n.maxValue < Number.MAX_SAFE_INTEGER ? n.maxValue : null;
      const min = n.minValue !== null && n.minValue > Number.MIN_SAFE_INTEGER ? n.minValue : null;
      if (min !== null && max !== null) return `${kind} ${min}–${max}`;
      if (min !== null) return `${kind} ≥ ${min}`;
      if (max !== null) return `${kind} ≤ ${max}`;
      return kind;
    }
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' or ');
    case 'enum':
      return `one of ${Object.values(def.entries as Record<string, string>).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'object':
      return 'an object';
    case 'record':
      return 'an object';
    case 'array':
      return 'an array';
    case 'tuple':
      return `an array of ${(def.items as unknown[]).length} items`;
    case 'union': {
      const parts = [...new Set((def.options as z.ZodType[]).map(describeExpected))];
      return parts.length > 0 ? wordList(parts, 'or') : 'a value';
    }
    default:
      return 'a value';
  }
}

function describeTuple(items: z.ZodType[]): string {
  const parts = items.map(describeExpected);
  const same = parts.every((p) => p === parts[0]);
  if (same && parts[0]?.startsWith('a number')) return `an array of exactly ${items.length} numbers${parts[0].slice('a number'.length)}`;
  if (same && parts[0]?.startsWith('an integer')) return `an array of exactly ${items.length} integers${parts[0].slice('an integer'.length)}`;
  return `an array of exactly ${items.length} items (${parts.join(', ')})`;
}

function listHint(values: readonly string[]): string {
  if (values.length <= 12) return `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return `one of ${values.length} names, e.g. ${values.slice(0, 4).map((v) => JSON.stringify(v)).join(', ')} (see \`tilebar schema\`)`;
}

function exampleOf(schema: z.ZodType): string {
  const fill = metaChain(schema).find((m) => m.fill !== undefined)?.fill;
  if (fill !== undefined) return JSON.stringify(fill);
  if (acceptsJsonType(schema, 'null')) return 'null';
  const s = unwrap(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'boolean':
      return 'true';
    case 'number':
      return '0';
    case 'string':
      return '""';
    case 'array':
    case 'tuple':
      return '[...]';
    default:
      return describeExpected(schema);
  }
}

/**
 * The value a string plainly stands for where a number or a boolean is expected ("2" for 2, "true" for true),
 * when the schema takes it: what `--fix` writes instead. Anything less plain ("2px", "yes") is left to the user.
 */
function plainlyMeant(schema: z.ZodType, node: Node): string | undefined {
  if (node.type !== 'string' || typeof node.value !== 'string') return undefined;
  const text = node.value.trim();
  let value: number | boolean;
  if (/^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/.test(text)) value = Number(text);
  else if (text === 'true' || text === 'false') value = text === 'true';
  else return undefined;
  return schema.safeParse(value).success ? String(value) : undefined;
}

function replaceNode(node: Node, text: string): TextEdit {
  return { offset: node.offset, length: node.length, content: JSON.stringify(text) };
}

