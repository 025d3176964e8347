/** `tilebar schema`: print the JSON Schema of the format. */
import { barJsonSchema } from '../config/json-schema.js';
import { detectVariant, type Variant } from '../config/variant.js';
import { EXIT, type CliIo } from './io.js';
import { BUILTIN_WIDGETS } from '../../widgets/kinds.js';

export function schemaCommand(opts: { variant?: Variant }, io: CliIo): number {
  io.out(`${JSON.stringify(barJsonSchema(detectVariant(opts.variant, undefined).variant, BUILTIN_WIDGETS), null, 2)}\n`);
  return EXIT.ok;
}
