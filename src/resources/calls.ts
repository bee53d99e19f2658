/**
 * The two shapes nearly every resource has, written once over the endpoint table: items (retrieve, update,
 * delete at `<base>/:id`) and a collection under a parent (list, create at `<parent>/:id/<child>`). A namespace
 * such as `prs.accounts` is an `Items` named by its rows' prefix (`'accounts'`: rows `accounts.retrieve`, …);
 * the rows say verb, path, body rule and answer.
 */
import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { EndpointId } from '../endpoints.js';

/** The ids of the rows `<prefix>.<method>`. */
const row = (prefix: string, method: string) => `${prefix}.${method}` as EndpointId;

/** Items at `<base>/:id`: `prs.accounts`, `prs.depositories`, `prs.legalEntities`. */
export class Items<T, U = never> {
  constructor(
    protected readonly api: API,
    /** The rows' prefix: `accounts` for `accounts.retrieve`, `accounts.update`, `accounts.delete`. */
    protected readonly rows: string,
  ) {}

  /**
   * Retrieves one resource by id.
   * @example
   * const account = await prs.accounts.retrieve(accountId);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<T> {
    return this.api.call(row(this.rows, 'retrieve'), { path: { id } }, options);
  }

  /**
   * Changes attributes (PATCH, answered with 204). Only the fields that can change are accepted; any other
   * field or a relationship is a `ValidationError` naming what can change, and nothing is sent.
   * @example
   * await prs.accounts.update(accountId, { attributes: { name: 'Main account' } });
   */
  update(id: string, input: U, options?: RequestOptions): APIPromise<void> {
    return this.api.call(row(this.rows, 'update'), { path: { id }, body: input }, options);
  }

  /**
   * Deletes one resource by id (204).
   * @example
   * await prs.depositories.delete(depositoryId);
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call(row(this.rows, 'delete'), { path: { id } }, options);
  }
}

/** A collection under a parent: `prs.legalEntities.accounts`, `prs.clients.users`. */
export class Children<T, C = never> {
  constructor(
    protected readonly api: API,
    /** The rows' prefix: `legalEntities.accounts` for `legalEntities.accounts.list` and `.create`. */
    protected readonly rows: string,
    /** The parent id's name in messages, e.g. `legalEntityId`. */
    protected readonly parentId: string,
  ) {}

  /**
   * Lists the resources under a parent, every page followed (`for await` walks them item by item).
   * @example
   * const accounts = await prs.legalEntities.accounts.list(legalEntityId);
   */
  list(parentId: string, options?: ListRequestOptions): ListPromise<T> {
    return this.api.list(row(this.rows, 'list'), { path: { [this.parentId]: parentId } }, options);
  }

  /**
   * Creates a resource under a parent from `{ attributes, relationships? }`; bad input is a `ValidationError`.
   * @example
   * const account = await prs.legalEntities.accounts.create(legalEntityId, {
   *   attributes: { externalIdentifier: 'CH93 0076 2011 6238 5295 7', ccyCode: 'CHF' },
   * });
   */
  create(parentId: string, input: C, options?: RequestOptions): APIPromise<T, { created: boolean }> {
    return this.api.call(row(this.rows, 'create'), { path: { [this.parentId]: parentId }, body: input }, options);
  }
}
