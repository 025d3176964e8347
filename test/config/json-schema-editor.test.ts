/**
 * What an editor shows from `tilebar schema` (issue 32): VS Code's own JSON language service
 * (vscode-json-languageservice, the engine behind its hover, completion and squiggles) is given the command's
 * output as the schema of a bar.json, and asked what a user would see.
 */
import { getLanguageService, type JSONDocument, type LanguageService, type TextDocument as LsTextDocument } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/capture.js';

type Json = Record<string, unknown>;

const SCHEMA_URI = 'file:///tilebar.schema.json';

async function schemaOutput(variant: 'A' | 'B'): Promise<{ text: string; schema: Json }> {
  const r = await cli(['schema', '--variant', variant]);
  expect(r.code, r.err).toBe(0);
  return { text: r.out, schema: JSON.parse(r.out) as Json };
}

function languageService(schema: Json): LanguageService {
  const ls = getLanguageService({});
  ls.configure({ validate: true, allowComments: true, schemas: [{ uri: SCHEMA_URI, fileMatch: ['*.json'], schema }] });
  return ls;
}

/** A bar.json with the cursor where `|` is. */
function document(withCursor: string): { doc: LsTextDocument; json: JSONDocument; offset: number } {
  const offset = withCursor.indexOf('|');
  const text = withCursor.replace('|', '');
  const doc = TextDocument.create('file:///home/u/bar.json', 'json', 1, text);
  return { doc, json: getLanguageService({}).parseJSONDocument(doc), offset };
}

async function hoverText(ls: LanguageService, withCursor: string): Promise<string> {
  const { doc, offset } = document(withCursor);
  const json = ls.parseJSONDocument(doc);
  const hover = await ls.doHover(doc, doc.positionAt(offset), json);
  const contents = hover?.contents;
  return Array.isArray(contents) ? contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n') : '';
}

/** Markdown's escapes undone, so a test reads the words a user reads. */
const plain = (markdown: string) => markdown.replace(/\\(.)/g, '$1').replace(/&nbsp;/g, ' ');

const bar = (rightWidgets: string, rest = '') =>
  `{\n  "left_widgets": [],\n  "right_widgets": [${rightWidgets}]${rest}\n}\n`;

describe('tilebar schema in an editor (VS Code JSON language service)', () => {
  let ls: LanguageService;
  beforeAll(async () => {
    ls = languageService((await schemaOutput('A')).schema);
  });

  it('explains auto_select_over in a Cpu widget on hover: what it does, in percent', async () => {
    const text = plain(await hoverText(ls, bar('{ "Cpu": { "enable": true, "auto_sel|ect_over": 80 } }')));
    expect(text).toMatch(/percent/i);
    expect(text).toMatch(/CPU/);
  });

  it('explains data_refresh_interval with its unit and default, seconds for Cpu and hours for Update', async () => {
    const cpu = plain(await hoverText(ls, bar('{ "Cpu": { "enable": true, "data_refresh|_interval": 5 } }')));
    expect(cpu).toMatch(/seconds/i);
    expect(cpu).toMatch(/10/);
    const update = plain(await hoverText(ls, bar('{ "Update": { "enable": true, "data_refresh|_interval": 5 } }')));
    expect(update).toMatch(/hours/i);
    expect(update).toMatch(/12/);
  });

  it('explains the "Pastel" palette value on hover', async () => {
    const text = plain(await hoverText(ls, bar('', ',\n  "theme": { "palette": "Pas|tel", "name": "Mocha" }')));
    expect(text).toContain('`Pastel`:');
    expect(text).toMatch(/Catppuccin/);
  });

  it('names a Base16 palette and a label prefix value on hover', async () => {
    const base16 = plain(await hoverText(ls, bar('', ',\n  "theme": { "palette": "Base16", "name": "Nor|d" }')));
    expect(base16).toContain('`Nord`:');
    const prefix = plain(await hoverText(ls, bar('{ "Cpu": { "enable": true, "label_prefix": "IconAnd|Text" } }')));
    expect(prefix).toContain('`IconAndText`:');
  });

  it('offers a widget’s keys, with their descriptions, when completing inside it', async () => {
    const { doc, offset } = document(bar('{ "Cpu": { "enable": true, | } }'));
    const list = await ls.doComplete(doc, doc.positionAt(offset), ls.parseJSONDocument(doc));
    const items = new Map(list?.items.map((i) => [i.label, i]));
    expect([...items.keys()]).toEqual(expect.arrayContaining(['auto_select_over', 'data_refresh_interval', 'label_prefix']));
    const documentation = items.get('auto_select_over')?.documentation;
    expect(typeof documentation === 'string' ? documentation : documentation?.value).toMatch(/percent/i);
  });

  it('offers the kinds of widget, described, when completing a widget entry', async () => {
    const { doc, offset } = document(bar('{ | }'));
    const list = await ls.doComplete(doc, doc.positionAt(offset), ls.parseJSONDocument(doc));
    const labels = list?.items.map((i) => i.label) ?? [];
    expect(labels).toEqual(expect.arrayContaining(['Battery', 'Cpu', 'Time', 'Komorebi']));
    const battery = list?.items.find((i) => i.label === 'Battery')?.documentation;
    expect(typeof battery === 'string' ? battery : battery?.value).toMatch(/battery|charge/i);
  });

  it('flags a misspelt key inside a widget', async () => {
    const { doc } = document(bar('{ "Cpu": { "enable": true, "auto_select_ovr": 80 } }'));
    const problems = await ls.doValidation(doc, ls.parseJSONDocument(doc));
    expect(problems.map((p) => `${doc.getText(p.range)} ${p.message}`).join('\n')).toMatch(/"auto_select_ovr".*not allowed/);
  });

  it('finds nothing wrong with the example config', async () => {
    const { readFileSync } = await import('node:fs');
    // The example names the original's schema as its $schema; the editor is to use tilebar's.
    const example = readFileSync('config.example.json', 'utf8').replace(/"\$schema":\s*"[^"]*"/, `"$schema": "${SCHEMA_URI}"`);
    const doc = TextDocument.create('file:///home/u/bar.json', 'json', 1, example);
    const problems = await ls.doValidation(doc, ls.parseJSONDocument(doc));
    expect(problems.map((p) => p.message)).toEqual([]);
  });
});

/** Every `properties` entry and every `enum` of a schema, wherever they are. */
function walk(node: unknown, visit: (schema: Json, via: string) => void, via = '#'): void {
  if (Array.isArray(node)) node.forEach((n, i) => walk(n, visit, `${via}/${i}`));
  else if (node !== null && typeof node === 'object') {
    visit(node as Json, via);
    for (const [k, v] of Object.entries(node)) walk(v, visit, `${via}/${k}`);
  }
}

describe('tilebar schema explains itself', () => {
  for (const variant of ['A', 'B'] as const) {
    it(`variant ${variant}: every property has a description, every enum value too`, async () => {
      const { schema } = await schemaOutput(variant);
      const defs = (schema.$defs ?? {}) as Record<string, Json>;
      // A property described where it is, or by the definition its $ref names: what a hover on its key shows.
      // (Not by its forms: `{"anyOf": [{"$ref": …}, null]}` without words of its own hovers empty.)
      const described = (s: Json | undefined): boolean => {
        if (!s) return false;
        if (typeof s.description === 'string' && s.description.length > 0) return true;
        return typeof s.$ref === 'string' && described(defs[s.$ref.replace('#/$defs/', '')]);
      };
      const missing: string[] = [];
      let properties = 0;
      const enumsMissing: string[] = [];
      walk(schema, (s, via) => {
        // An `if`'s too (a tagged union's tag): an editor's hover shows the conditions a key matched with the rest.
        if (s.properties && typeof s.properties === 'object' && !via.endsWith('/properties')) {
          for (const [key, prop] of Object.entries(s.properties as Record<string, Json>)) {
            properties++;
            if (!described(prop)) missing.push(`${via}/properties/${key}`);
          }
        }
        if (Array.isArray(s.enum) && !via.includes('/if/')) {
          const descriptions = s.enumDescriptions as unknown[] | undefined;
          if (!Array.isArray(descriptions) || descriptions.length !== s.enum.length || descriptions.some((d) => typeof d !== 'string' || d === '')) {
            enumsMissing.push(via);
          }
        }
      });
      expect(properties).toBeGreaterThan(50);
      // Every one: an editor's hover over an undescribed key (a tagged union's `type`) shows nothing.
      expect(missing, `${missing.length} of ${properties} properties undescribed`).toEqual([]);
      expect(enumsMissing, 'enums without a description per value').toEqual([]);
    });
  }

  it('names its definitions as the format does, with no generated names', async () => {
    const { schema } = await schemaOutput('A');
    const names = Object.keys((schema.$defs ?? {}) as Json);
    expect(names.filter((n) => /^__schema|^schema\d/.test(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['BatteryConfig', 'CpuConfig', 'WidgetConfig', 'Theme', 'PastelTheme', 'Base16Theme', 'LabelPrefix', 'SocketMessage']));
  });
});
