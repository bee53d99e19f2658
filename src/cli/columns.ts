/**
 * CSV columns to SDK inputs. `type` is the row's type; `instrumentId` its instrument (time series);
 * `rel.<name>` a relationship id; any other column an attribute, dots nesting it (`fund.name`). An empty
 * cell is a field not given. A cell becomes a number (or boolean) only where the SDK's schema for the
 * row's type has a number (or boolean) and the cell reads as one; anything else stays text, so a bad
 * value is reported by the SDK's own rule (`must be a number, got "12,5"`).
 */
import type * as z from 'zod/mini';
import type { ValidationIssue } from '../core/errors.js';
import { getOwn, setOwn } from '../core/own-member.js';
import type { LoadKind, RowInput } from './kinds.js';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Wrappers whose inner schema says what the value is. */
export const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** What the column code reads of a zod schema's definition. */
export interface Def {
  type: string;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  entries?: Record<string, unknown>;
  options?: z.ZodMiniType[];
  values?: unknown[];
  defaultValue?: unknown;
  checks?: { _zod?: { def?: { check?: string; value?: unknown; inclusive?: boolean } } }[];
}
export const defOf = (schema: z.ZodMiniType | undefined): Def | undefined =>
  (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The base type (`number`, `string`, `object`, `union` …) of the field at `path` in an object schema. */
export function fieldType(schema: z.ZodMiniType | undefined, path: readonly string[]): string | undefined {
  let def = defOf(schema);
  for (let i = 0; def; ) {
    if (WRAPPERS.has(def.type)) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else if (i === path.length) return def.type;
    else if (def.type === 'object') def = defOf(def.shape?.[path[i++] as string]);
    else return undefined;
  }
  return undefined;
}

/** One CSV record as an SDK input, with the problems no SDK rule can see (a column clash). */
export function recordToInput(
  kind: LoadKind,
  header: readonly string[],
  record: readonly string[],
): { input: RowInput; issues: ValidationIssue[] } {
  const input: RowInput = {};
  const attributes: Record<string, unknown> = {};
  const relationships: Record<string, string> = {};
  const issues: ValidationIssue[] = [];
  const cells: [string[], string][] = [];
  header.forEach((column, i) => {
    const cell = record[i] ?? '';
    if (cell === '') return;
    if (column === 'type' && kind.typed) input.type = cell;
    else if (column === 'instrumentId' && kind.perInstrument) input.instrumentId = cell;
    else if (column.startsWith('rel.')) setOwn(relationships, column.slice(4), cell);
    else cells.push([column.split('.'), cell]);
  });
  const schema = kind.attributes(input.type);
  for (const [path, cell] of cells) {
    const clash = place(attributes, path, convert(cell, fieldType(schema, path)));
    if (clash)
      issues.push({
        path: `attributes.${path.join('.')}`,
        message: `clashes with the column ${clash} (a value and an object at once)`,
      });
  }
  if (cells.length) input.attributes = attributes;
  if (Object.keys(relationships).length) input.relationships = relationships;
  return { input, issues };
}

function convert(cell: string, type: string | undefined): unknown {
  if (type === 'number' && NUMBER.test(cell.trim())) return Number(cell);
  if (type === 'boolean' && (cell === 'true' || cell === 'false')) return cell === 'true';
  return cell;
}

/**
 * Sets `path` in `target`; returns the clashing column when a value and an object meet. Only own members are read
 * and each is defined as an own member: a column `__proto__.x` or `constructor` names a member of that name (which
 * the SDK then refuses as unknown), never the prototype of the row's object or of every object in the process.
 */
function place(target: Record<string, unknown>, path: readonly string[], value: unknown): string | undefined {
  let node = target;
  for (const [i, key] of path.slice(0, -1).entries()) {
    const next = getOwn(node, key);
    if (next === undefined) {
      const child: Record<string, unknown> = {};
      setOwn(node, key, child);
      node = child;
    } else if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
    else return path.slice(0, i + 1).join('.');
  }
  const last = path.at(-1) as string;
  if (Object.hasOwn(node, last)) return path.join('.');
  setOwn(node, last, value);
  return undefined;
}
