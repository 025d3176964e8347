/**
 * How many documents this process has validated: a one-shot command's script reports whether its run took the
 * validating path (src/cli/code-cache.ts). Apart from load.ts so that asking loads no schema.
 */
let validations = 0;

export function countValidation(): void {
  validations++;
}

export function validationsSoFar(): number {
  return validations;
}
