/**
 * What a single-executable build of tilebar (`npm run release`: scripts/sea.mjs) carries inside it instead of
 * beside it: the example config, the PNG renderer's WebAssembly and the picture fonts are the executable's own
 * assets (node:sea), as there is no package folder next to it. Outside such a build (the npm package, the tests)
 * there are no assets and every caller reads its file from the package.
 */
import type * as Sea from 'node:sea';

let sea: typeof Sea | undefined | null;

/** node:sea when this process is a single-executable build, else undefined. */
function seaHere(): typeof Sea | undefined {
  if (sea === undefined) {
    // getBuiltinModule (Node 22.3 and later) loads nothing the npm package does not already have in Node itself.
    const mod = process.getBuiltinModule('node:sea') as typeof Sea | undefined;
    sea = mod?.isSea() ? mod : null;
  }
  return sea ?? undefined;
}

/** Whether this process is a single-executable build (it starts its own core by running itself). */
export const inSingleExecutable = (): boolean => seaHere() !== undefined;

/** The asset `name`'s bytes (a copy the caller may keep), or undefined outside a single-executable build. */
export function seaAssetBytes(name: string): Uint8Array | undefined {
  const here = seaHere();
  return here === undefined ? undefined : new Uint8Array(here.getAsset(name));
}
