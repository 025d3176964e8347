/**
 * An internally tagged union in the JSON Schema, said once per payload shape instead of once per tag.
 *
 * zod writes the window manager's 184 messages as `oneOf` 184 objects, each repeating its payload: most of the
 * schema's size, and an editor shows 184 unexplained alternatives. Written as one object whose tag is an enum
 * (each value explained) and one `if`/`then` per payload shape, it accepts exactly the same documents: a known
 * tag, the payload its tag takes (or none), nothing else.
 */
type JsonSchema = Record<string, unknown>;

interface TaggedOption {
  tags: string[];
  /** Every other property (the payload), as zod wrote it. */
  rest: Record<string, JsonSchema>;
  required: string[];
}

/** Rewrites `json` in place when it is such a union; false (untouched) when it is not one. */
export function compactTaggedUnion(json: JsonSchema, values: Readonly<Record<string, string>>): boolean {
  const options = (json.oneOf ?? json.anyOf) as JsonSchema[] | undefined;
  if (!Array.isArray(options) || options.length < 2) return false;
  const tag = tagKey(options);
  if (!tag) return false;
  const parsed = options.map((o) => option(o, tag));
  if (parsed.some((p) => p === undefined)) return false;
  const byPayload = new Map<string, { tags: string[]; then: JsonSchema }>();
  const payloadKeys = new Set<string>();
  for (const { tags, rest, required } of parsed as TaggedOption[]) {
    for (const k of Object.keys(rest)) payloadKeys.add(k);
    const payload = Object.keys(rest).length > 0;
    const then: JsonSchema = payload ? { properties: rest, required: required.filter((k) => k !== tag) } : {};
    const key = payload ? JSON.stringify(then) : 'none';
    const group = byPayload.get(key) ?? { tags: [], then };
    group.tags.push(...tags);
    byPayload.set(key, group);
  }
  // Each payload says which messages carry it: what an editor shows on a "content".
  for (const [key, group] of byPayload) {
    if (key === 'none') continue;
    const props = group.then.properties as Record<string, JsonSchema>;
    const who = group.tags.length > 3 ? `${group.tags.slice(0, 3).join(', ')} and ${group.tags.length - 3} more` : group.tags.join(', ');
    for (const [k, p] of Object.entries(props)) if (p.description === undefined) props[k] = { description: `What ${who} carry.`, ...p };
  }
  // A tag without a payload takes no key but the tag: the `not` lists every payload key of the union.
  const none = byPayload.get('none');
  if (none) none.then = { not: { anyOf: [...payloadKeys].map((k) => ({ required: [k] })) } };
  const tags = (parsed as TaggedOption[]).flatMap((p) => p.tags);
  delete json.oneOf;
  delete json.anyOf;
  Object.assign(json, {
    type: 'object',
    properties: {
      [tag]: { description: 'What the message asks for.', enum: tags, enumDescriptions: tags.map((t) => values[t]) },
      ...Object.fromEntries([...payloadKeys].map((k) => [k, { description: 'What the message carries; its shape depends on the message (see the message type).' }])),
    },
    required: [tag],
    additionalProperties: false,
    allOf: [...byPayload.entries()].map(([key, g]) => ({ if: { properties: { [tag]: { description: condition(tag, g.tags, key === 'none' ? [] : Object.keys(g.then.properties as JsonSchema)), enum: g.tags } } }, then: g.then })),
  });
  return true;
}

/**
 * What an `if` on the tag selects, said on its tag (an editor's hover shows every schema a key matches, these
 * conditions among them): the messages it names and what they carry.
 */
function condition(tag: string, tags: readonly string[], payload: readonly string[]): string {
  const keys = payload.map((k) => `"${k}"`).join(' and ');
  if (tags.length === 1) return `Which message this is: ${tags[0]}, which ${payload.length > 0 ? `carries ${keys} of the shape given with it` : `takes nothing but its "${tag}"`}.`;
  const who = tags.length > 3 ? `${tags.slice(0, 3).join(', ')} and ${tags.length - 3} more` : tags.join(', ');
  return `Which message this is: one of ${tags.length} (${who}) that ${payload.length > 0 ? `carry ${keys} of one shape, given with them` : `take nothing but their "${tag}"`}.`;
}

/** The key every option requires with a fixed string value: the tag. */
function tagKey(options: JsonSchema[]): string | undefined {
  const first = options[0]?.properties as Record<string, JsonSchema> | undefined;
  return Object.keys(first ?? {}).find((k) => options.every((o) => tagsOf((o.properties as Record<string, JsonSchema> | undefined)?.[k]) !== undefined && (o.required as string[] | undefined)?.includes(k)));
}

function tagsOf(s: JsonSchema | undefined): string[] | undefined {
  if (!s) return undefined;
  if (typeof s.const === 'string') return [s.const];
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return s.enum as string[];
  return undefined;
}

function option(o: JsonSchema, tag: string): TaggedOption | undefined {
  if (o.type !== 'object' || o.additionalProperties !== false) return undefined;
  const { [tag]: tagSchema, ...rest } = o.properties as Record<string, JsonSchema>;
  const tags = tagsOf(tagSchema);
  return tags ? { tags, rest, required: (o.required as string[] | undefined) ?? [] } : undefined;
}
