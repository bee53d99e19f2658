/**
 * The one reader of zod's definitions (`schema._zod`: the definition, traits, `optin`/`optout`, `values`),
 * which zod may change in any release; package.json pins zod to the minor this was written against.
 *
 * - At build time, scripts/generate-checks.ts writes the response checks from what it reads
 *   (src/schemas/response-checks.generated.ts; a test holds them to zod's answers).
 * - At run time, `returnsInput` says whether a create or update input can be sent as given. Nothing is taken on
 *   trust: a node is read only when its definition has exactly the fields and core traits known here and its
 *   `optin`/`optout` the values its kind implies; for any other node the answer is "no", and zod's parse makes
 *   the value sent, as it would without this module. `writesAsJson` says whether what a create's attributes
 *   schema accepts is always written by JSON as it is, so that the codec need not walk the value again.
 */
import type { Schema } from './fields.js';

/** The parts of zod's definitions read here (zod 4 core, `schema._zod.def`). */
interface Def {
  type: string;
  [field: string]: unknown;
}
interface Internals {
  def: Def;
  traits: Set<string>;
  optin?: unknown;
  optout?: unknown;
  values?: unknown;
}
/** Whether an object member may be absent (zod's `optin`), and may be absent from the output (`optout`). */
interface Presence {
  optin: 'optional' | 'defaulted' | undefined;
  optout: 'optional' | undefined;
}

/** zod's internals of `schema`, or undefined when `schema` does not look like a zod 4 schema at all. */
export function internals(schema: unknown): Internals | undefined {
  const zod = (schema as { _zod?: Internals } | null | undefined)?._zod;
  return typeof zod?.def?.type === 'string' && zod.traits instanceof Set && zod.traits.has('$ZodType')
    ? zod
    : undefined;
}

/**
 * The definition fields of the kinds read here, besides `type`, `checks` and `error` (which only words
 * issues). A field not listed may constrain values in a way not read here (a record's `mode`, a union's
 * `inclusive`), and a field renamed by zod would look like a constraint absent: either way the node is not read
 * (the generator leaves it to zod; `returnsInput` answers no).
 * `default` and `prefault` are only read for whether a member may be absent.
 */
const FIELDS: Record<string, string[]> = {
  string: ['coerce'],
  number: ['coerce'],
  boolean: ['coerce'],
  null: [],
  unknown: [],
  any: [],
  never: [],
  literal: ['values'],
  enum: ['entries'],
  nullable: ['innerType'],
  optional: ['innerType'],
  array: ['element'],
  union: ['options'],
  record: ['keyType', 'valueType'],
  object: ['shape', 'catchall'],
  default: ['innerType', 'defaultValue'],
  prefault: ['innerType', 'defaultValue'],
};
const COMMON = ['type', 'checks', 'error'];

/**
 * The definition of `schema` when it is laid out as known here: a listed type, no other field, and as core
 * traits only `$ZodType` and the type's own (`string` → `$ZodString`). Another `$Zod…` trait is a subclass
 * with rules of its own: `exactOptional` is an `optional`, `xor` a `union`, a string format a `string`.
 */
export function known(schema: unknown): Def | undefined {
  const zod = internals(schema);
  const def = zod?.def;
  const fields = def && Object.hasOwn(FIELDS, def.type) ? FIELDS[def.type] : undefined;
  if (!zod || !def || !fields) return undefined;
  const own = `$Zod${def.type[0]?.toUpperCase()}${def.type.slice(1)}`;
  if (!zod.traits.has(own)) return undefined;
  for (const trait of zod.traits)
    if (trait.startsWith('$Zod') && trait !== own && trait !== '$ZodType') return undefined;
  for (const field of Reflect.ownKeys(def))
    if (!COMMON.includes(field as string) && !fields.includes(field as string)) return undefined;
  return def.checks === undefined || Array.isArray(def.checks) ? def : undefined;
}

/** The member names of an object schema laid out as known here (a strict object's are all it accepts), else none. */
export function shapeKeys(schema: Schema): string[] {
  const def = known(schema);
  return def?.type === 'object' ? Object.keys(def.shape as object) : [];
}

/** Whether `schema` is a strict object: it names every member it accepts, so another key (a symbol too) is unknown. */
export function fixesKeys(schema: Schema): boolean {
  const def = known(schema);
  return def?.type === 'object' && known(def.catchall)?.type === 'never';
}

/** A known node with nothing for zod to run: no checks, no coercion. */
export const plain = (def: Def | undefined): def is Def =>
  !!def && !(def.checks as unknown[] | undefined)?.length && !def.coerce;

/**
 * Whether `schema` may be absent from an object, as its `optin` and `optout` say. For the kinds known here
 * they must be what zod 4.6 derives (an optional: `optional`, or `defaulted` over a default; a nullable: its
 * inner schema's; a default: `defaulted`; a plain kind: neither), else undefined: a renamed or re-meant flag
 * is not taken at its word. Other kinds' flags (a union's, a format's) are taken as they are, when they have
 * values zod 4.6 gives them; the generated checks' test holds what is read to zod's answers.
 */
export function presence(schema: unknown): Presence | undefined {
  const zod = internals(schema);
  const def = known(schema);
  const inner = def?.type === 'optional' || def?.type === 'nullable' ? presence(def.innerType) : undefined;
  const expected =
    !def || def.type === 'union'
      ? zod
      : def.type === 'optional'
        ? inner && { optin: inner.optin === 'defaulted' ? 'defaulted' : 'optional', optout: 'optional' }
        : def.type === 'nullable'
          ? inner
          : { optin: def.type === 'default' || def.type === 'prefault' ? 'defaulted' : undefined, optout: undefined };
  const { optin, optout } = zod ?? {};
  return expected &&
    expected.optin === optin &&
    expected.optout === optout &&
    (optin === undefined || optin === 'optional' || optin === 'defaulted') &&
    (optout === undefined || optout === 'optional')
    ? { optin, optout }
    : undefined;
}

const returning = new WeakMap<object, boolean>();
/**
 * Whether zod's output for any value `schema` accepts is that value itself: every node a kind known here
 * without coercion, default, or a check that rewrites the value, and every object keeps unknown keys or refuses
 * them (a plain `object` would drop them). The codec then sends an accepted input as given, without running zod
 * over it again; otherwise zod's parse makes the value sent (a documented default filled in).
 */
export function returnsInput(schema: Schema): boolean {
  let answer = returning.get(schema);
  if (answer === undefined) {
    returning.set(schema, false); // a recursive schema is zod's to parse
    answer = passesThrough(schema);
    returning.set(schema, answer);
  }
  return answer;
}

function passesThrough(schema: unknown): boolean {
  // A custom check (`z.custom`, a refinement as a node) hands its value on as it is.
  if (isCustomCheck(schema)) return true;
  const def = known(schema);
  if (!def || def.coerce || def.type === 'default' || def.type === 'prefault') return false;
  const checks = (def.checks as { _zod?: { def?: { check?: unknown } } }[] | undefined) ?? [];
  if (checks.some((check) => check._zod?.def?.check === 'overwrite')) return false;
  // A plain `object` (no catchall) drops unknown keys from its output.
  if (def.type === 'object' && def.catchall === undefined) return false;
  return childrenOf(def).every((child) => returnsInput(child as Schema));
}

/** Custom checks that accept no value (a field that must be absent): their functions cannot be read, so they are listed. */
const refusing = new WeakSet<object>();
/** Lists `schema` as a check that accepts no value (see `writesAsJson`); returns it. */
export function acceptingNothing<S extends Schema>(schema: S): S {
  refusing.add(schema);
  return schema;
}

/** The members an object schema accepts a value for (a field that must be absent, a read-only one, is not one). */
export function acceptedKeys(schema: Schema): string[] {
  const shape = known(schema)?.shape as Record<string, Schema> | undefined;
  if (!shape) return [];
  return Object.keys(shape).filter((key) => {
    const member = shape[key] as Schema;
    return !refusing.has(member) && !refusing.has(known(member)?.innerType as object);
  });
}

const writing = new WeakMap<object, boolean>();
/**
 * Whether every value `schema` accepts (as a create's or update's plain-object attributes) is one JSON writes as
 * it is: an object that refuses unknown keys, each member a string, a number (zod takes finite ones only), a
 * boolean, null or a literal of those, optional or nullable, each a node known here, or a field that must be absent. Then the JSON walk of the
 * codec (`jsonValueIssue`) has nothing to find; for anything else (an open or nested object, an array, a custom
 * check) the answer is no and the walk runs.
 */
export function writesAsJson(schema: Schema): boolean {
  let answer = writing.get(schema);
  if (answer === undefined) {
    const def = known(schema);
    const shape = def?.type === 'object' && known(def.catchall)?.type === 'never' ? def.shape : undefined;
    answer =
      !!shape &&
      Object.getOwnPropertySymbols(shape).length === 0 &&
      Object.values(shape as Record<string, unknown>).every(primitiveMember);
    writing.set(schema, answer);
  }
  return answer;
}

/** A member whose accepted values are primitives JSON writes as they are (undefined: the member is absent). */
function primitiveMember(schema: unknown): boolean {
  if (isCustomCheck(schema)) return refusing.has(schema as object);
  const def = known(schema);
  if (!def || def.coerce) return false;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return true;
    case 'literal':
    case 'enum': {
      const values = internals(schema)?.values;
      return (
        values instanceof Set &&
        [...values].every((v) => typeof v === 'string' || typeof v === 'boolean' || v === null || Number.isFinite(v))
      );
    }
    case 'optional':
    case 'nullable':
      return primitiveMember(def.innerType);
    default:
      return false;
  }
}

/** The schemas a node's output is made of, for the kinds `known` reads. */
function childrenOf(def: Def): unknown[] {
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, unknown>), def.catchall];
    case 'optional':
    case 'nullable':
      return [def.innerType];
    case 'array':
      return [def.element];
    case 'union':
      return def.options as unknown[];
    case 'record':
      return [def.keyType, def.valueType];
    default:
      return [];
  }
}

/** A `z.custom` node: zod's `custom` type with only its own traits, which checks a value and never rewrites it. */
function isCustomCheck(schema: unknown): boolean {
  const zod = internals(schema);
  if (zod?.def.type !== 'custom') return false;
  return [...zod.traits].every((trait) => !trait.startsWith('$Zod') || CUSTOM_TRAITS.includes(trait));
}
const CUSTOM_TRAITS = ['$ZodCustom', '$ZodCheck', '$ZodType'];
