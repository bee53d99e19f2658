import type { API } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RelationshipInputs } from '../core/jsonapi.js';
import type { RequestOptions } from '../core/transport.js';
import type { Limit, LimitStatus } from '../schemas/kind-types.generated.js';
import type { LimitCreateAttributes, LimitStatusParams, limitDef } from '../schemas/limits.js';

type LimitRelationshipInputs = RelationshipInputs<typeof limitDef.relationships>;
/** The relationships of a limit to create: ids, `{ type, id }` pairs or resources the SDK returned. */
export interface LimitCreateRelationships extends LimitRelationshipInputs {
  readonly client: LimitRelationshipInputs['client'];
}
/** The body of `limits.create` without the `data` wrapper. */
export interface LimitCreateParams {
  /** The limit's name, currency, start date, `limitFilter` and `limitType`. */
  attributes: LimitCreateAttributes;
  /** The limit's `client`, and an optional `parentLimit` to nest it under. */
  relationships: LimitCreateRelationships;
}
/**
 * The former name of `LimitCreateParams`, kept so existing code compiles.
 * @deprecated use `LimitCreateParams`
 */
export type LimitCreateInput = LimitCreateParams;

/** Investment limits (`/api/v2/limits`): what share or amount of holdings a client may hold, and their status. */
export class Limits {
  constructor(private readonly api: API) {}

  /**
   * Retrieves one limit.
   * @example
   * const limit = await prs.limits.retrieve(limitId);
   */
  retrieve(limitId: string, options?: RequestOptions): APIPromise<Limit> {
    return this.api.call('limits.retrieve', { path: { id: limitId } }, options);
  }

  /**
   * Creates a limit; `limitFilter` and `limitType` are easiest written with the builders.
   * @example
   * const limit = await prs.limits.create({
   *   attributes: {
   *     name: 'Swiss equities', ccyCode: 'CHF', startDate: '2024-01-01',
   *     limitFilter: limitFilter.and(limitFilter.countryCodeIs('CH'), limitFilter.currencyCodeIs('CHF')),
   *     limitType: limitType.absolute({ max: 1_000_000 }),
   *   },
   *   relationships: { client: clientId },
   * });
   */
  create(input: LimitCreateParams, options?: RequestOptions): APIPromise<Limit, { created: boolean }> {
    return this.api.call('limits.create', { body: input }, options);
  }

  /**
   * Deletes a limit.
   * @example
   * await prs.limits.delete(limitId);
   */
  delete(limitId: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call('limits.delete', { path: { id: limitId } }, options);
  }

  /**
   * The limit's status on a date: its current value and whether it is breached.
   * @example
   * const status = await prs.limits.status(limitId, { date: '2024-06-30' });
   * if (status.attributes.isBreached) console.warn(status.attributes.currentValue);
   */
  status(limitId: string, query: LimitStatusParams, options?: RequestOptions): APIPromise<LimitStatus> {
    return this.api.call('limits.status', { path: { id: limitId }, query }, options);
  }
}
