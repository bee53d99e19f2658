/**
 * What instruments (v3) and assets (v2) share: retrieve and create, from the one kind table of
 * `schemas/instruments.ts`.
 */

import { type API, segment } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import { buildKindDocument, type KindRule } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import { createAttributeSchemas, INSTRUMENT_KINDS } from '../schemas/instruments.js';
import { type KindCreateInput, kindRules } from './kind-create.js';

/** The create input of one family: a member per creatable kind, `type` picking the attributes. */
export type FamilyCreateInput<S extends 'instrument' | 'asset'> = KindCreateInput<typeof INSTRUMENT_KINDS, S>;

const REFUSED = {
  fee: 'fee instruments cannot be created: the service keeps them for reporting only',
  refund: 'refund instruments cannot be created: the service keeps them for reporting only',
  other: '"other" instruments can only be retrieved, not created',
};

/** The create rules of a family, by type string: creatable kinds with their schemas, the rest refused. */
export function familyRules(suffix: 'instrument' | 'asset'): Record<string, KindRule> {
  return kindRules(INSTRUMENT_KINDS, createAttributeSchemas, suffix, REFUSED);
}

/** retrieve and create for one family; `T` is the decoded resource union. */
export function familyCalls<T, S extends 'instrument' | 'asset'>(
  api: API,
  basePath: string,
  schema: import('zod/mini').ZodMiniType<T>,
  suffix: S,
  label: string,
) {
  const rules = familyRules(suffix);
  return {
    retrieve(id: string, options?: RequestOptions): APIPromise<T> {
      return api.retrieve(() => ({ path: `${basePath}/${segment(`${label}.retrieve`, 'id', id)}` }), schema, options);
    },
    create(input: FamilyCreateInput<S>, options?: RequestOptions): APIPromise<T, { created: boolean }> {
      return api.create(
        () => ({ path: basePath, body: buildKindDocument(`${label}.create`, input, rules) }),
        schema,
        options,
      );
    },
  };
}
