/**
 * tilebar's package.json as the build saw it, for a build that has no package.json beside it: the
 * single-executable one (scripts/sea.mjs) writes what it needs of it here as a constant. Everywhere else (the npm
 * package, the tests) it is undefined and the file beside the install is read.
 */
export interface PackageRecord {
  name: string;
  version: string;
  publication?: unknown;
}

declare const __TILEBAR_PACKAGE__: PackageRecord | undefined;

export const BUILT_IN_PACKAGE: PackageRecord | undefined = typeof __TILEBAR_PACKAGE__ === 'object' ? __TILEBAR_PACKAGE__ : undefined;
