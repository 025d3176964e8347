/**
 * Everything a widget kind's schema is built from, handed to the kind (`ConfigWidgetKind.schema(kit)`): zod
 * itself and the format's shared pieces. A kind's modules import only zod's types, so a bar drawn from a cached
 * model never loads zod, and the config core is the one place that does.
 */
import * as z from 'zod';
import { i32, keyedUnion, names, percent, pixels, u64, uint, withMeta } from '../schema-kit.js';
import { defaultLayout, displayFormat, pathBuf, workspacesDisplayFormat } from './common.js';
import { enable, prefix, refreshInterval, strftimeFormat, timezoneName, usageConfig } from './widget-fields.js';

export const schemaKit = {
  z,
  i32,
  keyedUnion,
  names,
  percent,
  pixels,
  u64,
  uint,
  withMeta,
  defaultLayout,
  displayFormat,
  workspacesDisplayFormat,
  pathBuf,
  enable,
  prefix,
  refreshInterval,
  strftimeFormat,
  timezoneName,
  usageConfig,
};

export type SchemaKit = typeof schemaKit;
