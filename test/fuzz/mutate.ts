/**
 * Mutations of bar configs, as a hostile or clumsy user makes them: type swaps, renamed and deleted keys (also
 * to Object.prototype's names), huge and negative numbers, deep nesting, long strings, odd unicode, duplicate
 * keys, arrays for objects, and at the text level truncation, invalid UTF-8, a BOM in the middle, NUL bytes.
 *
 * A mutation is plain data (a kind and a few numbers) so fast-check can generate, shrink and replay it; what a
 * number means (which node, which key, which size) is taken modulo what the document has.
 */
import { parseTree, type Node } from 'jsonc-parser';
import fc from 'fast-check';

/** A JSON value that can also hold what JSON.parse would lose: duplicate keys and numbers as written. */
export type J =
  | { t: 'object'; props: Array<[string, J]> }
  | { t: 'array'; items: J[] }
  | { t: 'string'; v: string }
  | { t: 'number'; raw: string }
  | { t: 'boolean'; v: boolean }
  | { t: 'null' }
  /** `levels` objects or arrays around `inner`, written without recursion. */
  | { t: 'deep'; levels: number; kind: 'object' | 'array'; inner: J };

export function fromNode(node: Node): J {
  switch (node.type) {
    case 'object':
      return { t: 'object', props: (node.children ?? []).map((p) => [String(p.children?.[0]?.value), p.children?.[1] ? fromNode(p.children[1]) : { t: 'null' }]) };
    case 'array':
      return { t: 'array', items: (node.children ?? []).map(fromNode) };
    case 'string':
      return { t: 'string', v: String(node.value) };
    case 'number':
      return { t: 'number', raw: String(node.value) };
    case 'boolean':
      return { t: 'boolean', v: node.value === true };
    default:
      return { t: 'null' };
  }
}

export function parseSeed(text: string): J {
  const tree = parseTree(text.replace(/^\uFEFF/, ''), [], { allowTrailingComma: true });
  if (!tree) throw new Error('a seed must parse');
  return fromNode(tree);
}

export function serialise(j: J): string {
  switch (j.t) {
    case 'object':
      return `{${j.props.map(([k, v]) => `${JSON.stringify(k)}: ${serialise(v)}`).join(', ')}}`;
    case 'array':
      return `[${j.items.map(serialise).join(', ')}]`;
    case 'string':
      return JSON.stringify(j.v);
    case 'number':
      return j.raw;
    case 'boolean':
      return String(j.v);
    case 'null':
      return 'null';
    case 'deep': {
      const open = j.kind === 'object' ? '{"a": ' : '[';
      const close = j.kind === 'object' ? '}' : ']';
      return `${open.repeat(j.levels)}${serialise(j.inner)}${close.repeat(j.levels)}`;
    }
  }
}

/** Every node in pre-order with a way to replace it. */
function nodes(root: { value: J }): Array<{ get: () => J; set: (j: J) => void }> {
  const out: Array<{ get: () => J; set: (j: J) => void }> = [];
  const visit = (get: () => J, set: (j: J) => void) => {
    out.push({ get, set });
    const j = get();
    if (j.t === 'object') j.props.forEach((p) => visit(() => p[1], (v) => (p[1] = v)));
    else if (j.t === 'array') j.items.forEach((_, i) => visit(() => j.items[i] as J, (v) => (j.items[i] = v)));
  };
  visit(() => root.value, (v) => (root.value = v));
  return out;
}

export const TREE_MUTATIONS = [
  'swapType', 'renameKey', 'deleteKey', 'number', 'deep', 'longString', 'unicode', 'duplicateKey', 'arrayForObject', 'addKey',
] as const;
export const TEXT_MUTATIONS = ['truncate', 'invalidUtf8', 'bomInside', 'nul', 'deleteRange', 'duplicateRange', 'openComment'] as const;

export interface TreeMutation {
  kind: (typeof TREE_MUTATIONS)[number];
  at: number;
  pick: number;
  size: number;
}
export interface TextMutation {
  kind: (typeof TEXT_MUTATIONS)[number];
  at: number;
  size: number;
}

const SWAPS: J[] = [
  { t: 'number', raw: '0' }, { t: 'string', v: '' }, { t: 'boolean', v: true }, { t: 'null' }, { t: 'object', props: [] },
  { t: 'array', items: [] }, { t: 'string', v: 'Mocha' }, { t: 'object', props: [['palette', { t: 'object', props: [] }]] },
  { t: 'array', items: [{ t: 'null' }] }, { t: 'object', props: [['Cpu', { t: 'null' }]] },
];
const KEY_NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf', 'isPrototypeOf', '', ' ', 'prototype'];
const NUMBERS = ['1e308', '-1e308', '1e400', '-1', '0', '-0', '4294967296', '9007199254740993', '1e-400', '9'.repeat(400), '0.5', '255', '256', '-2147483649', '3.4028235e38', '1e15'];
const DEPTHS = [2, 31, 33, 100, 3400, 5150, 10_000];
const LENGTHS = [100, 10_000, 100_000, 1_000_000, 5_000_000];
const FILL = ['x', 'é', '%', '\u0000', '👍', '\u001b', 'Gruvbox'];
const ODD = ['\u202e', '\u200d', '\u0301', '\ud800', '\udc00', '\u0000', '\u001b[2J', '\u0085', '\u2028', '😀', '\ufeff', '%', '\\', '\u001b]2;pwned\u0007', '\n'];

const mod = (n: number, m: number) => (m <= 0 ? 0 : n % m);

function renamed(key: string, pick: number): string {
  const options = [...KEY_NAMES, key.toUpperCase(), key.slice(1), `${key}x`, key.replace('_', '-'), `\u202e${key}`, `${key}\u0000`];
  return options[mod(pick, options.length)] ?? key;
}

export function applyTree(seed: J, mutation: TreeMutation): J {
  const root = { value: structuredClone(seed) };
  const all = nodes(root);
  const target = all[mod(mutation.at, all.length)];
  if (!target) return root.value;
  const j = target.get();
  const { pick, size } = mutation;
  switch (mutation.kind) {
    case 'swapType':
      target.set(structuredClone(SWAPS[mod(pick, SWAPS.length)] as J));
      break;
    case 'renameKey':
      if (j.t === 'object' && j.props.length > 0) {
        const p = j.props[mod(pick, j.props.length)] as [string, J];
        p[0] = renamed(p[0], size);
      }
      break;
    case 'deleteKey':
      if (j.t === 'object' && j.props.length > 0) j.props.splice(mod(pick, j.props.length), 1);
      else if (j.t === 'array' && j.items.length > 0) j.items.splice(mod(pick, j.items.length), 1);
      break;
    case 'number':
      target.set({ t: 'number', raw: NUMBERS[mod(pick, NUMBERS.length)] as string });
      break;
    case 'deep':
      target.set({ t: 'deep', levels: DEPTHS[mod(size, DEPTHS.length)] as number, kind: pick % 2 === 0 ? 'object' : 'array', inner: j });
      break;
    case 'longString':
      target.set({ t: 'string', v: (FILL[mod(pick, FILL.length)] as string).repeat(Math.ceil((LENGTHS[mod(size, LENGTHS.length)] as number) / 2)) });
      break;
    case 'unicode': {
      const odd = ODD[mod(pick, ODD.length)] as string;
      if (j.t === 'string') {
        const at = mod(size, j.v.length + 1);
        target.set({ t: 'string', v: `${j.v.slice(0, at)}${odd}${j.v.slice(at)}` });
      } else if (j.t === 'object' && j.props.length > 0) {
        const p = j.props[mod(size, j.props.length)] as [string, J];
        p[0] = `${p[0]}${odd}`;
      } else target.set({ t: 'string', v: odd });
      break;
    }
    case 'duplicateKey':
      if (j.t === 'object' && j.props.length > 0) {
        const p = j.props[mod(pick, j.props.length)] as [string, J];
        j.props.splice(mod(size, j.props.length + 1), 0, [p[0], size % 2 === 0 ? structuredClone(p[1]) : (SWAPS[mod(size, SWAPS.length)] as J)]);
      }
      break;
    case 'arrayForObject':
      if (j.t === 'object') target.set({ t: 'array', items: j.props.map(([, v]) => v) });
      else if (j.t === 'array') target.set({ t: 'object', props: j.items.map((v, i) => [String(i), v]) });
      break;
    case 'addKey':
      if (j.t === 'object') j.props.push([renamed('enable', pick), structuredClone(SWAPS[mod(size, SWAPS.length)] as J)]);
      break;
  }
  return root.value;
}

export function applyText(text: string, mutation: TextMutation): string {
  const at = mod(mutation.at, text.length + 1);
  switch (mutation.kind) {
    case 'truncate':
      return text.slice(0, at);
    case 'invalidUtf8': {
      // Bytes that are not UTF-8, decoded as the bar decodes a file (into U+FFFD).
      const bytes = Buffer.from(text, 'utf8');
      const bad = [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]][mutation.size % 4] as number[];
      const cut = mod(mutation.at, bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, cut), Buffer.from(bad), bytes.subarray(cut)]).toString('utf8');
    }
    case 'bomInside':
      return `${text.slice(0, at)}\ufeff${text.slice(at)}`;
    case 'nul':
      return `${text.slice(0, at)}\u0000${text.slice(at)}`;
    case 'deleteRange':
      return `${text.slice(0, at)}${text.slice(at + 1 + (mutation.size % 64))}`;
    case 'duplicateRange': {
      const piece = text.slice(at, at + 1 + (mutation.size % 256));
      return `${text.slice(0, at)}${piece}${piece}${text.slice(at + piece.length)}`;
    }
    case 'openComment':
      return `${text.slice(0, at)}${mutation.size % 2 === 0 ? '/*' : '//'}${text.slice(at)}`;
  }
}

export interface Case {
  seed: number;
  tree: TreeMutation[];
  text: TextMutation[];
}

const small = fc.nat({ max: 1_000_000 });
export const caseArbitrary = (seeds: number): fc.Arbitrary<Case> =>
  fc.record({
    seed: fc.nat({ max: Math.max(0, seeds - 1) }),
    tree: fc.array(fc.record({ kind: fc.constantFrom(...TREE_MUTATIONS), at: small, pick: small, size: small }), { minLength: 0, maxLength: 4 }),
    text: fc.array(fc.record({ kind: fc.constantFrom(...TEXT_MUTATIONS), at: small, size: small }), { minLength: 0, maxLength: 2 }),
  });

/** The document a case stands for. */
export function documentOf(seeds: readonly J[], c: Case): string {
  let j = seeds[c.seed] as J;
  for (const m of c.tree) j = applyTree(j, m);
  let text = serialise(j);
  for (const m of c.text) text = applyText(text, m);
  return text;
}
