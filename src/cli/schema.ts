/** `tilebar schema`: print the JSON Schema of the format. */
import { barJsonSchema, loadKindDocs } from '../config/json-schema.js';
import { detectVariant, type Variant } from '../config/variant.js';
import { EXIT, type CliIo } from './io.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';

export async function schemaCommand(opts: { variant?: Variant }, io: CliIo): Promise<number> {
  const variant = detectVariant(opts.variant, undefined).variant;
  io.out(`${JSON.stringify(barJsonSchema(variant, BUILTIN_WIDGETS, await loadKindDocs(BUILTIN_WIDGETS)), null, 2)}\n`);
  return EXIT.ok;
}
