/** The two platform variants of the format: A (Windows, larger) and B (macOS). */
export type Variant = 'A' | 'B';
export const VARIANTS: readonly Variant[] = ['A', 'B'];

export type VariantSource = 'flag' | '$schema' | 'platform';

/**
 * `--variant` wins; else a `$schema` URL naming komorebi-for-mac means B; else the platform.
 */
export function detectVariant(
  flag: Variant | undefined,
  schemaUrl: unknown,
  platform: NodeJS.Platform = process.platform,
): { variant: Variant; source: VariantSource } {
  if (flag) return { variant: flag, source: 'flag' };
  if (typeof schemaUrl === 'string' && /komorebi-for-mac/i.test(schemaUrl)) return { variant: 'B', source: '$schema' };
  if (typeof schemaUrl === 'string' && /LGUG2Z\/komorebi\//i.test(schemaUrl)) return { variant: 'A', source: '$schema' };
  return { variant: platform === 'darwin' ? 'B' : 'A', source: 'platform' };
}

export function parseVariant(text: string): Variant | undefined {
  const t = text.trim().toUpperCase();
  return t === 'A' || t === 'B' ? t : undefined;
}
