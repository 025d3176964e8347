/** Byte counts as the Network widget shows them: one decimal, binary units, never below KiB (stable width). */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

export function formatBytes(bytes: number): { number: string; unit: string } {
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
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgtp]?)(i?)(b?)\s*(?:\/s)?\s*$/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const prefix = (m[2] ?? '').toLowerCase();
  if (!prefix) return Math.round(value);
  const power = 'kmgtp'.indexOf(prefix) + 1;
  const decimal = m[3] === '' && m[4] !== '';
  return Math.round(value * (decimal ? 1000 : 1024) ** power);
}
