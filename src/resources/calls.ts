/**
 * The two shapes nearly every resource has: items at `<base>/:id` (retrieve, update, delete) and a
 * collection under a parent at `<parent>/:parentId/<child>` (list, create). Resources are tables of these.
 */
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import { type API, type Body, type Query, segment } from '../core/api.js';
import type { RequestOptions } from '../core/transport.js';
import type * as z from 'zod/mini';

/** Query parameters passed through as given, for endpoints whose parameters the reference does not show. */
export interface QueryParams {
  query?: Query;
}

/** Items at `<base>/:id`: `/api/v2/accounts/:id`. */
export class Items<T, U = never> {
  constructor(
    private readonly api: API,
    private readonly spec: {
      /** Namespace for messages, e.g. `accounts`. */
      label: string;
      /** With version prefix: `/api/v2/accounts`. */
      base: string;
      schema: z.ZodMiniType<T>;
      /** Builds the PATCH document, validating it. */
      patch?: (what: string, id: string, input: U) => Body;
      /** The id's name in messages (default `id`). */
      idName?: string;
    },
  ) {}

  path(method: string, id: string): string {
    return `${this.spec.base}/${segment(`${this.spec.label}.${method}`, this.spec.idName ?? 'id', id)}`;
  }

  retrieve(id: string, options?: RequestOptions, query?: Query): APIPromise<T> {
    return this.api.retrieve(this.path('retrieve', id), this.spec.schema, options, query);
  }

  /** PATCH answered with 204. */
  update(id: string, input: U, options?: RequestOptions): APIPromise<void> {
    const path = this.path('update', id);
    return this.api.send('PATCH', path, this.patchBody(id, input), options);
  }

  /** PATCH answered with 200 and the full resource. */
  updateReturning(id: string, input: U, options?: RequestOptions): APIPromise<T> {
    const path = this.path('update', id);
    return this.api.update(path, this.patchBody(id, input), this.spec.schema, options);
  }

  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.delete(this.path('delete', id), options);
  }

  private patchBody(id: string, input: U): Body {
    if (!this.spec.patch) throw new Error(`${this.spec.label}.update has no PATCH rule`);
    return this.spec.patch(`${this.spec.label}.update`, id, input);
  }
}

/** A collection under a parent: `/api/v2/legal-entities/:legalEntityId/accounts`. */
export class Children<T, C = never> {
  constructor(
    private readonly api: API,
    private readonly spec: {
      /** Namespace for messages, e.g. `legalEntities.accounts`. */
      label: string;
      /** The parent collection with version prefix: `/api/v2/legal-entities`. */
      parent: string;
      /** The parent id's name in messages, e.g. `legalEntityId`. */
      parentId: string;
      /** The child segment: `accounts`. */
      child: string;
      schema: z.ZodMiniType<T>;
      /** Builds the POST document, validating it. */
      create?: (what: string, input: C) => Body;
    },
  ) {}

  path(method: string, parentId: string): string {
    const { label, parent, child } = this.spec;
    return `${parent}/${segment(`${label}.${method}`, this.spec.parentId, parentId)}/${child}`;
  }

  list(parentId: string, options?: RequestOptions, query?: Query): ListPromise<T> {
    return this.api.list(this.path('list', parentId), this.spec.schema, query, options);
  }

  create(parentId: string, input: C, options?: RequestOptions): APIPromise<T, { created: boolean }> {
    const path = this.path('create', parentId);
    if (!this.spec.create) throw new Error(`${this.spec.label}.create has no document rule`);
    return this.api.create(path, this.spec.create(`${this.spec.label}.create`, input), this.spec.schema, options);
  }
}
