/**
 * The route shapes most resources share — read one, list a parent's children, delete one — so each
 * route module states only what is particular to it.
 */
import type { EndpointId } from '../../endpoints.js';
import type { Ctx } from '../http/context.js';
import { conflict, notFound } from '../http/errors.js';
import { noContent, one, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { namedBy } from '../store/relationships.js';
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

/**
 * A record that still owns others, or that others still name, is kept: a 409 naming what it has (`[count, words]`,
 * those counted only), e.g. `client X still has 1 user; delete them first`; `how` for `is named by`.
 */
export function keepWhileOwning(what: string, owned: [number, string][], how = 'still has'): void {
  const left = owned.filter(([n]) => n > 0);
  if (left.length)
    throw conflict(`${what} ${how} ${left.map(([n, words]) => `${n} ${words}`).join(', ')}; delete them first`);
}

/**
 * A record a transaction's or an instrument's relationship names is kept (409: `account X is named by
 * 3 transaction(s), 1 instrument(s); delete them first`); `what` names it, by default its table's label and id.
 */
export function keepWhileNamed(
  store: MockStore,
  table: Table<{ id: string }>,
  id: string,
  what = `${table.label} ${id}`,
  goesWith?: (record: { id: string }) => boolean,
): void {
  const named = namedBy(store, table, id, goesWith).map(([label, n]): [number, string] => [n, `${label}(s)`]);
  keepWhileOwning(what, named, 'is named by');
}

/**
 * `DELETE …/:id`: 204; a record a relationship names is kept (`keepWhileNamed`), and `before` may refuse (by
 * throwing) or remove what goes with the record.
 */
export function deleteOne<T extends { id: string }>(
  endpoint: EndpointId,
  table: TableOf<T>,
  before?: (row: T, ctx: Ctx) => void,
): Route {
  return {
    endpoint,
    handle: (ctx) => {
      const row = found(table(ctx.store), ctx.param('id'));
      keepWhileNamed(ctx.store, table(ctx.store), row.id);
      before?.(row, ctx);
      table(ctx.store).delete(row.id);
      return noContent();
    },
  };
}
