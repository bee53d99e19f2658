/**
 * What instruments (v3) and assets (v2) share: retrieve and create, from the one kind table of
 * `schemas/instruments.ts`.
 */
import type { APIPromise } from '../core/api-promise.js';
import { type API, segment } from '../core/api.js';
import { buildKindDocument, type KindRule, type RelationshipInputs } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type CreatableInstrumentKind,
  createAttributeSchemas,
  INSTRUMENT_KINDS,
  type InstrumentCreateAttributes,
  type InstrumentKind,
} from '../schemas/instruments.js';
import type { Rels } from '../schemas/resource.js';

type Kinds = typeof INSTRUMENT_KINDS;
type RequiredRelNames<R extends Rels> = { [K in keyof R]: R[K]['create'] extends 'required' ? K : never }[keyof R];
type RelationshipsPart<R extends Rels> = [RequiredRelNames<R>] extends [never]
  ? { relationships?: RelationshipInputs<R> }
  : { relationships: RelationshipInputs<R> };

/** The create input of one family: a member per creatable kind, `type` picking the attributes. */
export type FamilyCreateInput<S extends 'instrument' | 'asset'> = {
  [K in CreatableInstrumentKind]: { type: `${K}-${S}`; attributes: InstrumentCreateAttributes<K> } & RelationshipsPart<Kinds[K]['relationships']>;
}[CreatableInstrumentKind];

const REFUSED: Record<string, string> = {
  fee: 'fee instruments cannot be created: the service keeps them for reporting only',
  refund: 'refund instruments cannot be created: the service keeps them for reporting only',
  other: '"other" instruments can only be retrieved, not created',
};

/** The create rules of a family, by type string: creatable kinds with their schemas, the rest refused. */
export function familyRules(suffix: 'instrument' | 'asset'): Record<string, KindRule> {
  const rules: Record<string, KindRule> = {};
  for (const [name, k] of Object.entries(INSTRUMENT_KINDS) as [InstrumentKind, Kinds[InstrumentKind]][]) {
    const type = `${name}-${suffix}`;
    rules[type] = k.creatable
      ? { attributes: createAttributeSchemas[name as CreatableInstrumentKind], relationships: k.relationships }
      : { refused: REFUSED[name] ?? `${type} cannot be created` };
  }
  return rules;
}

/** retrieve and create for one family; `T` is the decoded resource union. */
export function familyCalls<T, S extends 'instrument' | 'asset'>(api: API, basePath: string, schema: import('zod/mini').ZodMiniType<T>, suffix: S, label: string) {
  const rules = familyRules(suffix);
  return {
    retrieve(id: string, options?: RequestOptions): APIPromise<T> {
      return api.retrieve(`${basePath}/${segment(`${label}.retrieve`, 'id', id)}`, schema, options);
    },
    create(input: FamilyCreateInput<S>, options?: RequestOptions): APIPromise<T, { created: boolean }> {
      const body = buildKindDocument(`${label}.create`, input, rules);
      return api.create(basePath, body, schema, options);
    },
  };
}
