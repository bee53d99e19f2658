/**
 * Items and collections of resources whose shapes the reference does not show (clients, reporting entities,
 * portfolios): decoded as generic resources, query parameters passed through (`options.query`), bodies sent as given.
 */

import type { API, Body } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import { type GenericResource, genericResource } from '../schemas/generic.js';
import { Children, Items } from './calls.js';
import { type GenericInput, genericDocument } from './documents.js';

export type { GenericInput, GenericRelationshipInput } from './documents.js';

/** Generic items at `<base>/:id`: `prs.clients`, `prs.reportingEntities`, `prs.portfolios`. */
export class GenericItems {
  protected readonly schema = genericResource;
  private readonly items: Items<GenericResource, GenericInput>;

  constructor(
    protected readonly api: API,
    private readonly spec: { label: string; base: string; type: string },
  ) {
    const patch = (what: string, id: string, input: GenericInput) => this.document(what, input, id);
    this.items = new Items(api, { label: spec.label, base: spec.base, schema: genericResource, patch });
  }

  /** The `{ data: { type, id?, attributes, relationships? } }` document of this resource type. */
  protected document(what: string, input: GenericInput, id?: string): Body {
    return genericDocument(what, input, this.spec.type, id);
  }

  /**
   * Retrieves one resource; `options.query` is sent as given (the reference shows no parameters).
   * @example
   * const client = await prs.clients.retrieve(clientId, { headers: { 'X-Trace': 'abc' } });
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<GenericResource> {
    return this.items.retrieve(id, options);
  }

  /**
   * Updates a resource (PATCH with `{ data: { id, type, attributes, relationships? } }`, 204).
   * @example
   * await prs.portfolios.update(portfolioId, { attributes: { name: 'Growth' } });
   */
  update(id: string, input: GenericInput, options?: RequestOptions): APIPromise<void> {
    return this.items.update(id, input, options);
  }

  /**
   * Deletes a resource.
   * @example
   * await prs.reportingEntities.delete(reportingEntityId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.items.delete(id, options);
  }
}

/** A generic collection under a parent: `prs.clients.reportingEntities`, `prs.reportingEntities.portfolios`. */
export class GenericChildren {
  private readonly children: Children<GenericResource, GenericInput>;

  constructor(api: API, spec: { label: string; parent: string; parentId: string; child: string; type: string }) {
    const create = (what: string, input: GenericInput) => genericDocument(what, input, spec.type);
    this.children = new Children(api, { ...spec, schema: genericResource, create });
  }

  /**
   * Lists the resources under a parent, every page followed; `options.query` is sent as given.
   * @example
   * const entities = await prs.clients.reportingEntities.list(clientId, { query: { 'page[size]': 50 } });
   */
  list(parentId: string, options?: RequestOptions): ListPromise<GenericResource> {
    return this.children.list(parentId, options);
  }

  /**
   * Creates a resource under a parent from `{ attributes, relationships? }` (relationships as `{ type, id }`).
   * @example
   * const portfolio = await prs.reportingEntities.portfolios.create(reportingEntityId, { attributes: { name: 'Growth' } });
   */
  create(
    parentId: string,
    input: GenericInput,
    options?: RequestOptions,
  ): APIPromise<GenericResource, { created: boolean }> {
    return this.children.create(parentId, input, options);
  }
}
