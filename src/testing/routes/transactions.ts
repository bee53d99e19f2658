/**
 * Transactions: create by kind (FX forward and loan kinds refused: the service makes them), the
 * `excludeFromReporting` refusals (422), FX spot signs, and the list by account or depository over a
 * closed date interval. A transaction another one names (a counterparty, an opening trade) is kept (`deleteOne`).
 */
import { Fields } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { checkedAttributes, checkedRelationships, kindRule } from '../http/create-rule.js';
import { badRequest, HttpError } from '../http/errors.js';
import { created, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import type { TransactionRecord } from '../store/records.js';
import { namedIn } from '../store/relationships.js';
import { deleteOne, found } from './crud.js';
import { BARRED_WHEN_EXCLUDED } from './transaction-accounts.js';

const render = (t: TransactionRecord) => ({
  id: t.id,
  type: t.type,
  attributes: t.attributes,
  relationships: t.relationships,
});

async function create(ctx: Ctx): Promise<Response> {
  const doc = await ctx.document();
  const rule = kindRule('transactions.create', doc.type);
  const f = new Fields(doc.attributes, 'data.attributes');
  const attributes = checkedAttributes(f, rule);
  // Absent means 0 (the reference): the service stores it so.
  if (doc.type === 'dividend-transaction') attributes.commission ??= 0;
  const found = checkedRelationships(f, ctx.store, rule, doc.relationships);
  for (const [name, row] of Object.entries(found)) {
    const kind = (row as { kind?: string } | undefined)?.kind;
    if (kind === 'fee' || kind === 'refund')
      f.issue(`data.relationships.${name}: ${kind} instruments cannot be referenced by a transaction`);
  }
  f.done();

  for (const name of BARRED_WHEN_EXCLUDED[doc.type] ?? []) {
    const data = doc.relationships[name]?.data;
    const account = data && !Array.isArray(data) ? ctx.store.accounts.get(data.id) : undefined;
    if (account?.excludeFromReporting) {
      throw new HttpError(
        422,
        `account ${account.id} is excluded from reporting (excludeFromReporting); ${doc.type} cannot be created for it`,
      );
    }
  }
  return created(
    ctx,
    render(ctx.store.transactions.addChecked({ type: doc.type, attributes, relationships: doc.relationships })),
  );
}

function list(ctx: Ctx): Response {
  const accountId = ctx.query('accountId');
  const depositoryId = ctx.query('depositoryId');
  if (!accountId && !depositoryId) throw badRequest('give accountId or depositoryId (or both) to list transactions');
  const from = ctx.dateQuery('fromDate');
  const to = ctx.dateQuery('toDate');
  if (from > to) throw badRequest(`fromDate (${from}) must not be after toDate (${to}); both dates are included`);
  if (accountId) found(ctx.store.accounts, accountId);
  if (depositoryId) found(ctx.store.depositories, depositoryId);
  // Any relationship naming the account (`account`, `inflowAccount`, …) or the depository, by the kind tables' targets.
  const names = (t: TransactionRecord, table: 'accounts' | 'depositories', id: string) =>
    namedIn(t.relationships).some((n) => n.table === table && n.id === id);
  const matches = ctx.store.transactions.where((t) => {
    const date = t.attributes.tradeDate as string;
    if (!(date >= from && date <= to)) return false;
    if (accountId && !names(t, 'accounts', accountId)) return false;
    return !depositoryId || names(t, 'depositories', depositoryId);
  });
  // Stable: same trade date keeps creation order.
  matches.sort((a, b) => (a.attributes.tradeDate as string).localeCompare(b.attributes.tradeDate as string));
  return paged(ctx, matches.map(render));
}

export const transactionRoutes: Route[] = [
  { endpoint: 'transactions.list', handle: list },
  { endpoint: 'transactions.create', handle: create },
  deleteOne('transactions.delete', (s) => s.transactions),
];
