/**
 * The two shapes nearly every resource has, written once: items at `<base>/:id` (retrieve, update, delete)
 * and a collection under a parent at `<parent>/:parentId/<child>` (list, create). A namespace such as
 * `prs.accounts` is an `Items` built from a one-line spec; resources are tables of these.
 */
import type * as z from 'zod/mini';
import { type API, type Body, segment } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';

/** Where items live and how a PATCH of them is built. */
export interface ItemsSpec<T, U> {
  /** Namespace for messages, e.g. `accounts`. */
  label: string;
  /** With version prefix: `/api/v2/accounts`. */
  base: string;
  schema: z.ZodMiniType<T>;
  /** Builds and validates the PATCH document. */
  patch?: (what: string, id: string, input: U) => Body;
  /** The id's name in messages (default `id`). */
  idName?: string;
}

/** Where a collection under a parent lives and how a POST to it is built. */
export interface ChildrenSpec<T, C> {
  /** Namespace for messages, e.g. `legalEntities.accounts`. */
  label: string;
  /** The parent collection with version prefix: `/api/v2/legal-entities`. */
  parent: string;
  /** The parent id's name in messages, e.g. `legalEntityId`. */
  parentId: string;
  /** The child segment: `accounts`. */
  child: string;
  schema: z.ZodMiniType<T>;
  /** Builds and validates the POST document. */
  create?: (what: string, input: C) => Body;
}

/** Items at `<base>/:id`: `prs.accounts`, `prs.depositories`, `prs.legalEntities`. */
export class Items<T, U = never> {
  constructor(
    protected readonly api: API,
    protected readonly spec: ItemsSpec<T, U>,
  ) {}

  /**
   * Retrieves one resource by id.
   * @example
   * const account = await prs.accounts.retrieve(accountId);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<T> {
    return this.api.retrieve(() => ({ path: this.path('retrieve', id) }), this.spec.schema, options);
  }

  /**
   * Changes attributes (PATCH, answered with 204). Only the fields that can change are accepted; any other
   * field or a relationship is a `ValidationError` naming what can change, and nothing is sent.
   * @example
   * await prs.accounts.update(accountId, { attributes: { name: 'Main account' } });
   */
  update(id: string, input: U, options?: RequestOptions): APIPromise<void> {
    const target = () => {
      const path = this.path('update', id);
      if (!this.spec.patch) throw new Error(`${this.spec.label}.update has no PATCH rule`);
      return { path, body: this.spec.patch(`${this.spec.label}.update`, id, input) };
    };
    return this.api.send('PATCH', target, options);
  }

  /**
   * Deletes one resource by id (204).
   * @example
   * await prs.depositories.delete(depositoryId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.delete(() => ({ path: this.path('delete', id) }), options);
  }

  protected path(method: string, id: string): string {
    return `${this.spec.base}/${segment(`${this.spec.label}.${method}`, this.spec.idName ?? 'id', id)}`;
  }
}

/** A collection under a parent: `prs.legalEntities.accounts`, `prs.clients.users`. */
export class Children<T, C = never> {
  constructor(
    protected readonly api: API,
    protected readonly spec: ChildrenSpec<T, C>,
  ) {}

  /**
   * Lists the resources under a parent, every page followed (`for await` walks them item by item).
   * @example
   * const accounts = await prs.legalEntities.accounts.list(legalEntityId);
   */
  list(parentId: string, options?: RequestOptions): ListPromise<T> {
    return this.api.list(() => ({ path: this.path('list', parentId) }), this.spec.schema, options);
  }

  /**
   * Creates a resource under a parent from `{ attributes, relationships? }`; bad input is a `ValidationError`.
   * @example
   * const account = await prs.legalEntities.accounts.create(legalEntityId, {
   *   attributes: { externalIdentifier: 'CH93 0076 2011 6238 5295 7', ccyCode: 'CHF' },
   * });
   */
  create(parentId: string, input: C, options?: RequestOptions): APIPromise<T, { created: boolean }> {
    const target = () => {
      const path = this.path('create', parentId);
      if (!this.spec.create) throw new Error(`${this.spec.label}.create has no document rule`);
      return { path, body: this.spec.create(`${this.spec.label}.create`, input) };
    };
    return this.api.create(target, this.spec.schema, options);
  }

  protected path(method: string, parentId: string): string {
    const { label, parent, child } = this.spec;
    return `${parent}/${segment(`${label}.${method}`, this.spec.parentId, parentId)}/${child}`;
  }
}
