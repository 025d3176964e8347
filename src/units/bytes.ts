/** Byte counts as the Network widget shows them: one decimal, binary units, never below KiB (stable width). */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

/** The largest byte count there is: counters are 64-bit (16 EiB). */
export const MAX_BYTES = 2 ** 64;

export function formatBytes(bytes: number): { number: string; unit: string } {
  // A reading is never negative or infinite; if one is, it is shown as unknown, not as "Infinity EiB".
  if (!Number.isFinite(bytes) || bytes < 0) return { number: '?', unit: 'KiB' };
  const n = bytes >= 1024 ? Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))) : 1;
  return { number: (bytes / 1024 ** n).toFixed(1), unit: UNITS[n] ?? 'EiB' };
}

export const bytesText = (bytes: number) => {
  const { number, unit } = formatBytes(bytes);
  return `${number} ${unit}`;
};

/**
 * `2MiB`, `1.5 GiB`, `512K`, `1MB`, `1048576` → bytes. Binary units for KiB/MiB/GiB/TiB and the bare
 * letters K/M/G/T (as people use them for memory and transfer); decimal for kB/MB/GB/TB.
 */
export function parseBytes(text: string): number | undefined {
  // Numbers of at most 30 characters: a 400-digit count is not one a counter can hold.
  const m = /^\s*(\d{1,30}(?:\.\d{1,30})?)\s*([kmgtp]?)(i?)(b?)\s*(?:\/s)?\s*$/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const prefix = (m[2] ?? '').toLowerCase();
  const power = prefix ? 'kmgtp'.indexOf(prefix) + 1 : 0;
  const decimal = m[3] === '' && m[4] !== '';
  const bytes = Math.round(value * (decimal ? 1000 : 1024) ** power);
  return Number.isFinite(bytes) && bytes <= MAX_BYTES ? bytes : undefined;
}
