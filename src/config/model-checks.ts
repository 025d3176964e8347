/**
 * The checks a model read from the cache is held to (model-guard.ts and each widget kind's own `guard`). Each
 * throws `ModelWrong` with what is wrong; the guard turns that into its answer.
 */
import { MAX_CONFIG_BYTES } from './limits.js';

export type Obj = Record<string, unknown>;

export class ModelWrong extends Error {}

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function need(ok: boolean, what: string): asserts ok {
  if (!ok) throw new ModelWrong(what);
}

export const num = (v: unknown, what: string, min: number, max: number): void => need(typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max, `${what} is not a number ${min}–${max}`);
export const int = (v: unknown, what: string, min: number, max: number): void => need(Number.isInteger(v) && (v as number) >= min && (v as number) <= max, `${what} is not an integer ${min}–${max}`);
export const str = (v: unknown, what: string, max = MAX_CONFIG_BYTES): void => need(typeof v === 'string' && v.length <= max, `${what} is not a string of at most ${max} characters`);
export const bool = (v: unknown, what: string): void => need(typeof v === 'boolean', `${what} is not true or false`);
export const oneOf = (v: unknown, list: readonly string[], what: string): void => need(typeof v === 'string' && list.includes(v), `${what} is not one of its names`);
export const optional = (v: unknown, check: (v: unknown) => void): void => {
  if (v !== undefined) check(v);
};
export function list(v: unknown, what: string, max: number): unknown[] {
  need(Array.isArray(v) && v.length <= max, `${what} is not a list of at most ${max}`);
  return v;
}
