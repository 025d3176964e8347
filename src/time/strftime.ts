/**
 * strftime on luxon DateTimes (luxon's own tokens are not strftime): the C / GNU `date` / chrono
 * conversions users write in bar configs, with the `-` `_` `0` `^` `#` flags and a field width, in the
 * C locale (English names). `%Z` is the zone's abbreviation (see zone-names.ts).
 */
import type { DateTime } from 'luxon';
import { BoundedCache } from '../io/bounded-cache.js';
import { quote } from '../text/safe-text.js';
import { zoneAbbreviation } from './zone-names.js';

export type Flag = '-' | '_' | '0' | '^' | '#';

export type Token =
  | { kind: 'literal'; text: string }
  | { kind: 'spec'; conv: string; flags: Flag[]; width?: number; colons: number; raw: string; index: number };

export interface StrftimeProblem {
  /** Index of the `%` in the format string. */
  index: number;
  specifier: string;
  message: string;
  hint?: string;
}

/** Integer conversions: default padding and width; these are the ones CustomModifiers can shift. */
const NUMERIC: Readonly<Record<string, { pad: '0' | ' ' | ''; width: number }>> = {
  Y: { pad: '', width: 0 },
  G: { pad: '', width: 0 },
  C: { pad: '0', width: 2 },
  y: { pad: '0', width: 2 },
  g: { pad: '0', width: 2 },
  m: { pad: '0', width: 2 },
  d: { pad: '0', width: 2 },
  e: { pad: ' ', width: 2 },
  j: { pad: '0', width: 3 },
  H: { pad: '0', width: 2 },
  k: { pad: ' ', width: 2 },
  I: { pad: '0', width: 2 },
  l: { pad: ' ', width: 2 },
  M: { pad: '0', width: 2 },
  S: { pad: '0', width: 2 },
  U: { pad: '0', width: 2 },
  W: { pad: '0', width: 2 },
  V: { pad: '0', width: 2 },
  u: { pad: '0', width: 1 },
  w: { pad: '0', width: 1 },
  s: { pad: '', width: 0 },
};

/** Conversions that stand for a whole format. */
const COMPOSITE: Readonly<Record<string, string>> = {
  c: '%a %b %e %H:%M:%S %Y',
  D: '%m/%d/%y',
  F: '%Y-%m-%d',
  r: '%I:%M:%S %p',
  R: '%H:%M',
  T: '%H:%M:%S',
  v: '%e-%b-%Y',
  x: '%m/%d/%y',
  X: '%H:%M:%S',
  h: '%b',
};

/** chrono's fractional seconds after a `.`, tested where the scan is (sticky), not on a copy of the rest. */
const FRACTION = /\.[369]?f/y;

/** The widest field a width flag may ask for (`%10Y`); a bar has no room for more, and padding costs memory. */
export const MAX_FIELD_WIDTH = 32;

const TEXT = new Set(['a', 'A', 'b', 'B', 'p', 'P', 'Z', 'z', 'n', 't', '%', 'f', 'N']);

let conversions: readonly string[] | undefined;

/**
 * Every conversion character understood, for messages; sorted when a message needs it, because the first
 * `localeCompare` in a process loads ICU's collation (~12 ms of every start otherwise).
 */
function knownConversions(): readonly string[] {
  conversions ??= [...Object.keys(NUMERIC), ...Object.keys(COMPOSITE), ...TEXT].sort(
    (a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || (a < b ? 1 : -1),
  );
  return conversions;
}

/** Specifiers a CustomModifiers key may name: the integer conversions. */
export const MODIFIABLE = Object.keys(NUMERIC).filter((c) => c !== 's');

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function parseStrftime(format: string): { tokens: Token[]; problems: StrftimeProblem[] } {
  const tokens: Token[] = [];
  const problems: StrftimeProblem[] = [];
  let literal = '';
  const flush = () => {
    if (literal) tokens.push({ kind: 'literal', text: literal });
    literal = '';
  };
  let i = 0;
  while (i < format.length) {
    // A run of literal text is one slice up to the next `%`: added a character at a time, a megabyte of text
    // was a million string pieces for the collector (the slowest document of the fuzz run: ~300 ms, now ~10).
    const next = format.indexOf('%', i);
    if (next !== i) {
      const end = next < 0 ? format.length : next;
      literal += format.slice(i, end);
      i = end;
      continue;
    }
    const start = i;
    i++;
    const flags: Flag[] = [];
    while (i < format.length && '-_0^#'.includes(format[i] ?? '')) flags.push(format[i++] as Flag);
    let digits = '';
    while (i < format.length && /[0-9]/.test(format[i] ?? '')) digits += format[i++];
    // chrono's fractional seconds: %.f %.3f %.6f %.9f, and %3f %6f %9f.
    let dot = false;
    FRACTION.lastIndex = i;
    if (format[i] === '.' && FRACTION.test(format)) {
      dot = true;
      i++;
      while (/[0-9]/.test(format[i] ?? '')) digits += format[i++];
    }
    let colons = 0;
    while (format[i] === ':') {
      colons++;
      i++;
    }
    const conv = format[i];
    const raw = format.slice(start, i + 1);
    if (conv === undefined) {
      problems.push({ index: start, specifier: raw, message: `${quote(raw)} at the end of the format is incomplete`, hint: 'write %% for a literal %' });
      break;
    }
    i++;
    const known = Object.hasOwn(NUMERIC, conv) || Object.hasOwn(COMPOSITE, conv) || TEXT.has(conv);
    if (!known || (colons > 0 && conv !== 'z') || (dot && conv !== 'f')) {
      const other = conv === conv.toLowerCase() ? conv.toUpperCase() : conv.toLowerCase();
      const suggestion = knownConversions().includes(other) ? `did you mean "%${other}"? ` : '';
      problems.push({
        index: start,
        specifier: raw,
        message: `${quote(raw)} is not a strftime conversion`,
        hint: `${suggestion}known: ${knownConversions().map((c) => `%${c}`).join(' ')}, with the flags - _ 0 ^ #; write %% for a literal %`,
      });
      continue;
    }
    flush();
    let width = digits ? Number(digits) : undefined;
    if (width !== undefined && width > MAX_FIELD_WIDTH) {
      problems.push({ index: start, specifier: raw, message: `the field width of ${quote(raw, 16)} is more than ${MAX_FIELD_WIDTH}`, hint: `a field is padded to at most ${MAX_FIELD_WIDTH} characters` });
      width = MAX_FIELD_WIDTH;
    }
    tokens.push({ kind: 'spec', conv: dot ? '.f' : conv, flags, ...(width !== undefined ? { width } : {}), colons, raw, index: start });
  }
  flush();
  return { tokens, problems };
}

export interface FormatOptions {
  /** Conversion character → amount added to that integer field (CustomModifiers). */
  modifiers?: Readonly<Record<string, number>>;
}

/**
 * The tokens of the formats a bar formats with, parsed once: a clock showing seconds formats every second (and
 * `%T` is `%H:%M:%S` parsed again). Bounded: formats come from configs, which a running bar may reload at will.
 */
const TOKENS_OF = new BoundedCache<string, Token[]>({ maxEntries: 64, maxSize: 64 * 1024 });

/** Format with a parsed or raw format; unknown specifiers are kept as written. */
export function strftime(dt: DateTime, format: string | Token[], options: FormatOptions = {}): string {
  const tokens = typeof format === 'string' ? TOKENS_OF.getOrMake(format, (f) => parseStrftime(f).tokens) : format;
  let out = '';
  for (const t of tokens) out += t.kind === 'literal' ? t.text : formatSpec(dt, t, options);
  return out;
}

/** The modifier keys of CustomModifiers (`%U`, `%-U`) → conversion character. */
export function modifierConversion(key: string): string | undefined {
  const m = /^%[-_0^#]*([A-Za-z])$/.exec(key.trim());
  return m?.[1];
}

function formatSpec(dt: DateTime, t: Extract<Token, { kind: 'spec' }>, options: FormatOptions): string {
  const composite = COMPOSITE[t.conv];
  if (composite) return caseFlags(strftime(dt, composite, options), t.flags);
  const numeric = NUMERIC[t.conv];
  if (numeric) {
    const value = numericValue(dt, t.conv) + (options.modifiers?.[t.conv] ?? 0);
    return pad(String(Math.abs(value)), t, numeric.pad, numeric.width, value < 0);
  }
  return caseFlags(pad(textValue(dt, t), t, ' ', 0, false), t.flags);
}

function numericValue(dt: DateTime, conv: string): number {
  const sundayBased = dt.weekday % 7;
  switch (conv) {
    case 'Y':
      return dt.year;
    case 'G':
      return dt.weekYear;
    case 'C':
      return Math.floor(dt.year / 100);
    case 'y':
      return ((dt.year % 100) + 100) % 100;
    case 'g':
      return ((dt.weekYear % 100) + 100) % 100;
    case 'm':
      return dt.month;
    case 'd':
    case 'e':
      return dt.day;
    case 'j':
      return dt.ordinal;
    case 'H':
    case 'k':
      return dt.hour;
    case 'I':
    case 'l':
      return ((dt.hour + 11) % 12) + 1;
    case 'M':
      return dt.minute;
    case 'S':
      return dt.second;
    case 'U':
      return Math.floor((dt.ordinal - 1 + 7 - sundayBased) / 7);
    case 'W':
      return Math.floor((dt.ordinal - 1 + 7 - ((sundayBased + 6) % 7)) / 7);
    case 'V':
      return dt.weekNumber;
    case 'u':
      return dt.weekday;
    case 'w':
      return sundayBased;
    case 's':
      return Math.floor(dt.toMillis() / 1000);
    default:
      return 0;
  }
}

function textValue(dt: DateTime, t: Extract<Token, { kind: 'spec' }>): string {
  switch (t.conv) {
    case 'a':
      return (DAYS[dt.weekday - 1] ?? '').slice(0, 3);
    case 'A':
      return DAYS[dt.weekday - 1] ?? '';
    case 'b':
      return (MONTHS[dt.month - 1] ?? '').slice(0, 3);
    case 'B':
      return MONTHS[dt.month - 1] ?? '';
    case 'p':
      return dt.hour < 12 ? 'AM' : 'PM';
    case 'P':
      return dt.hour < 12 ? 'am' : 'pm';
    case 'z':
      return offsetText(dt.offset, t.colons);
    case 'Z':
      return zoneAbbreviation(dt);
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case '%':
      return '%';
    case 'f':
    case 'N': {
      // Nanoseconds from milliseconds; a width keeps that many leading digits (%3f → 026).
      const nanos = String(dt.millisecond * 1_000_000).padStart(9, '0');
      return t.width ? nanos.slice(0, t.width) : nanos;
    }
    case '.f': {
      const digits = t.width ?? (dt.millisecond === 0 ? 0 : 3);
      return digits === 0 ? '' : `.${String(dt.millisecond * 1_000_000).padStart(9, '0').slice(0, digits)}`;
    }
    default:
      return t.raw;
  }
}

/** `+0100`, `+01:00` (`%:z`), `+01:00:00` (`%::z`). */
function offsetText(offsetMinutes: number, colons: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  if (colons === 0) return `${sign}${hh}${mm}`;
  if (colons === 1) return `${sign}${hh}:${mm}`;
  return `${sign}${hh}:${mm}:00`;
}

function pad(text: string, t: Extract<Token, { kind: 'spec' }>, defaultPad: '0' | ' ' | '', defaultWidth: number, negative: boolean): string {
  if (t.conv === 'f' || t.conv === 'N' || t.conv === '.f') return text;
  let padChar: string = defaultPad;
  let width = t.width ?? defaultWidth;
  if (t.flags.includes('-')) return negative ? `-${text}` : text;
  if (t.flags.includes('_')) padChar = ' ';
  if (t.flags.includes('0')) padChar = '0';
  if (padChar === '') {
    padChar = '0';
    if (t.width === undefined) width = 0;
  }
  const body = negative ? `-${text}` : text;
  if (body.length >= width) return body;
  return padChar === '0' && negative ? `-${text.padStart(width - 1, '0')}` : body.padStart(width, padChar);
}

function caseFlags(text: string, flags: readonly Flag[]): string {
  if (flags.includes('^')) return text.toUpperCase();
  if (flags.includes('#')) return text === text.toUpperCase() ? text.toLowerCase() : text.toUpperCase();
  return text;
}
