/**
 * Transactions: create by kind (FX forward and loan kinds refused: the service makes them), the
 * `excludeFromReporting` refusals (422), FX spot signs, and the list by account or depository over a
 * closed date interval.
 */
import { Fields, ref } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { created, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import type { TransactionRecord } from '../store/records.js';
import type { Table } from '../store/table.js';
import { deleteOne, found } from './crud.js';
import { KINDS } from './instrument-kinds.js';
import {
  ACCOUNT_RELATIONSHIPS,
  BARRED_WHEN_EXCLUDED,
  type Check,
  SERVICE_CREATED,
  type Target,
  TRANSACTION_KINDS,
} from './transaction-kinds.js';

/** A relationship may name the target by its kind (`bond-asset`) or by its family (`asset`). */
const INSTRUMENT_TYPES = [...KINDS.flatMap((k) => [`${k}-asset`, `${k}-instrument`]), 'asset', 'instrument'];
const TRANSACTION_TYPES = [...Object.keys(TRANSACTION_KINDS), ...Object.keys(SERVICE_CREATED), 'transaction'];

const render = (t: TransactionRecord) => ({
  id: t.id,
  type: t.type,
  attributes: t.attributes,
  relationships: t.relationships,
});

function checkField(f: Fields, name: string, check: Check, optional: boolean): void {
  if (check === 'any') {
    const v = f.values[name];
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'number') f.fail(name, 'must be a number or a string');
  } else f[check](name, { optional });
}

async function create(ctx: Ctx): Promise<Response> {
  const doc = await ctx.document();
  if (SERVICE_CREATED[doc.type])
    throw badRequest(`data.type: ${SERVICE_CREATED[doc.type]}; they cannot be created through POST /transactions`);
  const rule = TRANSACTION_KINDS[doc.type];
  if (!rule)
    throw badRequest(`data.type must be one of ${Object.keys(TRANSACTION_KINDS).join(', ')}; got "${doc.type}"`);

  const f = new Fields(doc.attributes, 'data.attributes');
  for (const [name, spec] of Object.entries(rule.fields))
    checkField(f, name, spec.replace('?', '') as Check, spec.endsWith('?'));
  const attributes = { ...doc.attributes };
  for (const [name, e] of Object.entries(rule.enums ?? {})) {
    const value = f.oneOf(name, e.values, { optional: e.default !== undefined });
    attributes[name] = value ?? e.default;
  }
  if (doc.type === 'dividend-transaction') attributes.commission ??= 0;
  f.allowOnly([...Object.keys(rule.fields), ...Object.keys(rule.enums ?? {})]);
  if (doc.type === 'fx-spot-transaction') {
    if (typeof attributes.inflowAccountAmount === 'number' && attributes.inflowAccountAmount <= 0)
      f.fail('inflowAccountAmount', 'must be positive');
    if (typeof attributes.outflowAccountAmount === 'number' && attributes.outflowAccountAmount >= 0)
      f.fail('outflowAccountAmount', 'must be negative');
  }
  const tables: Record<Target, Table<{ id: string }>> = {
    account: ctx.store.accounts,
    asset: ctx.store.instruments,
    instrument: ctx.store.instruments,
    depository: ctx.store.depositories,
    transaction: ctx.store.transactions,
  };
  for (const [name, spec] of Object.entries(rule.relationships)) {
    const target = spec.replace('?', '') as Target;
    const types =
      target === 'asset' || target === 'instrument'
        ? INSTRUMENT_TYPES
        : target === 'transaction'
          ? TRANSACTION_TYPES
          : undefined;
    const row = ref(f, doc.relationships, name, tables[target], { required: !spec.endsWith('?'), types });
    const kind = (row as { kind?: string } | undefined)?.kind;
    if (kind === 'fee' || kind === 'refund')
      f.issue(`data.relationships.${name}: ${kind} instruments cannot be referenced by a transaction`);
  }
  for (const name of Object.keys(doc.relationships))
    if (!(name in rule.relationships)) f.issue(`data.relationships.${name} is not a relationship of ${doc.type}`);
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
  const names = (t: TransactionRecord, rels: readonly string[]) =>
    rels.map((r) => t.relationships[r]?.data).map((d) => (d && !Array.isArray(d) ? d.id : undefined));
  const matches = ctx.store.transactions.where((t) => {
    const date = t.attributes.tradeDate as string;
    if (!(date >= from && date <= to)) return false;
    if (accountId && !names(t, ACCOUNT_RELATIONSHIPS).includes(accountId)) return false;
    return !depositoryId || names(t, ['depository']).includes(depositoryId);
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
