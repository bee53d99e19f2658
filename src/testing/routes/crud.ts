/**
 * The route shapes most resources share — read one, list a parent's children, delete one — so each
 * route module states only what is particular to it.
 */
import type { EndpointId } from '../../endpoints.js';
import type { Ctx } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { noContent, one, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import type { MockStore } from '../store/store.js';
import type { Table } from '../store/table.js';

type TableOf<T extends { id: string }> = (store: MockStore) => Table<T>;

/** The record a path id names, or the service's 404. */
export function found<T extends { id: string }>(table: Table<T>, id: string): T {
  const row = table.get(id);
  if (!row) throw notFound(table.label, id);
  return row;
}

/** `GET …/:id`: the record, rendered. */
export function readOne<T extends { id: string }>(
  endpoint: EndpointId,
  table: TableOf<T>,
  render: (row: T, ctx: Ctx) => unknown,
): Route {
  return { endpoint, handle: (ctx) => one(ctx, render(found(table(ctx.store), ctx.param('id')), ctx)) };
}

/** `GET` the children of the record named by `:param` (default `id`), page by page. */
export function listOf<P extends { id: string }>(
  endpoint: EndpointId,
  parent: TableOf<P>,
  children: (parent: P, ctx: Ctx) => unknown[],
  param = 'id',
): Route {
  return {
    endpoint,
    handle: (ctx) => paged(ctx, children(found(parent(ctx.store), ctx.param(param)), ctx)),
  };
}

/** `DELETE …/:id`: 204; `before` may refuse (by throwing) or remove what goes with the record. */
export function deleteOne<T extends { id: string }>(
  endpoint: EndpointId,
  table: TableOf<T>,
  before?: (row: T, ctx: Ctx) => void,
): Route {
  return {
    endpoint,
    handle: (ctx) => {
      const row = found(table(ctx.store), ctx.param('id'));
      before?.(row, ctx);
      table(ctx.store).delete(row.id);
      return noContent();
    },
  };
}
