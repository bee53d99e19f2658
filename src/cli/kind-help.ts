/**
 * `portfolio-reporting load <kind> --help`: the columns of a kind's file, required and optional, with what a cell
 * holds, read from the very schemas the loader checks rows with (`src/cli/kinds.ts`), so the help cannot drift
 * from the rules.
 */
import type * as z from 'zod/mini';
import { countryCode, currencyCode, dateString } from '../schemas/fields.js';
import type { Rels } from '../schemas/resource.js';
import { type Def, defOf, WRAPPERS } from './columns.js';
import { KINDS, type KindName } from './kinds.js';

/** A column of a kind's file, as `load <kind> --help` lists it: read from the schemas the rows are checked by. */
export interface Column {
  /** The CSV header name: `name`, `fund.name`, `rel.account`, `instrumentId`. */
  name: string;
  required: boolean;
  /** What a cell holds: `text`, `number`, `date YYYY-MM-DD`, `one of a, b, c`, `account id`… */
  type: string;
}

/** Schemas shared by many fields, named by what a cell must hold. */
const NAMED = new Map<unknown, string>([
  [dateString, 'date YYYY-MM-DD'],
  [currencyCode, 'currency code (ISO 4217), e.g. EUR'],
  [countryCode, 'country code (ISO 3166-1), e.g. CH'],
]);

/**
 * The columns of a row whose attributes are checked by `schema` and relationships by `rels`: required ones
 * first, each group in the schema's order. A field the SDK refuses in inputs (set by the service) is none.
 */
export function columnsOf(schema: z.ZodMiniType | undefined, rels: Rels): Column[] {
  const columns: Column[] = [];
  const walk = (field: z.ZodMiniType | undefined, path: string, required: boolean) => {
    let def = defOf(field);
    let defaultValue: unknown;
    while (def && (WRAPPERS.has(def.type) || def.type === 'pipe')) {
      if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') required = false;
      if (def.type === 'default') defaultValue = def.defaultValue;
      field = def.type === 'pipe' ? def.in : def.innerType;
      def = defOf(field);
    }
    if (!def || def.type === 'custom' || def.type === 'never') return;
    if (def.type === 'object') {
      for (const [key, inner] of Object.entries(def.shape ?? {})) walk(inner, path ? `${path}.${key}` : key, required);
      return;
    }
    const shown = defaultValue === undefined ? '' : ` (default ${String(defaultValue)})`;
    columns.push({ name: path, required, type: `${typeName(field)}${shown}` });
  };
  walk(schema, '', true);
  for (const [name, rel] of Object.entries(rels)) {
    if (rel.create === false) continue;
    const id = `${rel.target} id`;
    columns.push({
      name: `rel.${name}`,
      required: rel.create === 'required',
      type: rel.many ? `list of ${id}s (JSON lines only)` : id,
    });
  }
  return [...columns.filter((c) => c.required), ...columns.filter((c) => !c.required)];
}

function typeName(schema: z.ZodMiniType | undefined): string {
  const named = NAMED.get(schema);
  if (named) return named;
  const def = defOf(schema);
  switch (def?.type) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return numberName(def);
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${Object.values(def.entries ?? {}).join(', ')}`;
    case 'literal':
      return (def.values ?? []).map(String).join(' or ');
    case 'null':
      return 'null';
    case 'union':
      return (def.options ?? []).map((option) => typeName(option)).join(' or ');
    case 'array':
      return 'list (JSON lines only)';
    default:
      return def?.type ?? 'unknown';
  }
}

/** `number`, with its bounds: `positive number`, `number ≥ 1`. */
function numberName(def: Def): string {
  const bounds: string[] = [];
  for (const check of def.checks ?? []) {
    const { check: kind, value, inclusive } = check._zod?.def ?? {};
    if (kind !== 'greater_than' && kind !== 'less_than') continue;
    if (value === 0 && !inclusive) return `${kind === 'greater_than' ? 'positive' : 'negative'} number`;
    bounds.push(`${kind === 'greater_than' ? (inclusive ? '≥' : '>') : inclusive ? '≤' : '<'} ${String(value)}`);
  }
  return ['number', ...bounds].join(' ');
}

/** `portfolio-reporting load <kind> --help`: the kind's columns, required and optional, with their types. */
export function kindHelp(name: KindName): string {
  const kind = KINDS[name];
  const sections: [string | undefined, Column[]][] = [];
  if (kind.typed) {
    sections.push([undefined, [{ name: 'type', required: true, type: 'one of the types below' }]]);
    for (const { type, refused } of kind.types)
      if (!refused) sections.push([type, columnsOf(kind.attributes(type), kind.relationships(type))]);
  } else {
    const instrument: Column = {
      name: 'instrumentId',
      required: true,
      type: 'instrument id (or --instrument <id> for every row)',
    };
    sections.push([undefined, [instrument, ...columnsOf(kind.attributes(undefined), kind.relationships(undefined))]]);
  }
  const width = Math.max(...sections.flatMap(([, columns]) => columns.map((c) => c.name.length)));
  const lines = (columns: Column[]) =>
    columns.map((c) => `  ${c.name.padEnd(width)}  ${c.required ? 'required' : 'optional'}  ${c.type}`);
  const refused = kind.types.filter((t) => t.refused);
  return [
    `Usage: portfolio-reporting load ${name} <file> [options]`,
    '',
    ...(kind.typed
      ? [
          `Rows go to ${kind.method} and are checked by its rules before anything is sent. The columns below`,
          'are the CSV header names; dots nest an attribute (fund.name), "rel." names a relationship. A JSON line',
          'has the same fields as { "type", "attributes": { … }, "relationships": { … } } (nested attributes as',
          'objects, relationships without "rel."). An empty cell is a field not given.',
        ]
      : [
          `Rows go to ${kind.method} and are checked by its rules before anything is sent. The columns`,
          'below are the CSV header names. A JSON line has the same fields as { "instrumentId", "attributes": { … } }.',
          'An empty cell is a field not given.',
        ]),
    'Options: portfolio-reporting help load.',
    ...sections.flatMap(([title, columns]) => ['', ...(title ? [`${title}:`] : []), ...lines(columns)]),
    ...(refused.length
      ? ['', 'Types the service does not let a client create:', ...refused.map((t) => `  ${t.type}: ${t.refused}`)]
      : []),
    '',
  ].join('\n');
}
