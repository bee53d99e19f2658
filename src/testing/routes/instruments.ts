/**
 * Assets (`/api/v2`) and instruments (`/api/v3`): one store, two renderings (`<kind>-asset`,
 * `<kind>-instrument`). Create rules: creatable kinds only, no `other` coupon or day count, 303 to the
 * existing one on a duplicate `securityIdentifier` + `ccyCode`, two loan transactions with a loan.
 */
import { Fields } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { checkedAttributes, checkedRelationships, kindRule } from '../http/create-rule.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { created, noContent, one, paged, seeOther } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { FUND } from '../store/fits.js';
import type { Ident, InstrumentKind, InstrumentRecord, Relationships } from '../store/records.js';
import type { MockStore } from '../store/store.js';
import { keepWhileNamed } from './crud.js';
import { createLoanTransactions, loanProblem } from './loans.js';

export type Family = 'asset' | 'instrument';
export const FAMILY_PATH: Record<Family, string> = { asset: '/api/v2/assets', instrument: '/api/v3/instruments' };

/** Kinds reported as private instruments of the reporting entity that holds them. */
const PRIVATE_KINDS: readonly InstrumentKind[] = [
  'loan',
  'fx-forward-cash-settlement',
  'fx-forward-physical-delivery',
  'private-market-fund-commitment-based',
];

/** An instrument as `GET /assets/:id` (family `asset`) or `GET /instruments/:id` (`instrument`) answers it. */
export function renderInstrument(store: MockStore, rec: InstrumentRecord, family: Family): Record<string, unknown> {
  const attributes = { ...rec.attributes };
  const relationships: Relationships = { ...rec.relationships };
  if (rec.kind === FUND) {
    delete attributes.initialCommitment;
    attributes.exitDate ??= null;
    if (family === 'instrument') {
      const commitments = store.commitments.where((c) => c.instrumentId === rec.id);
      relationships.commitments = { data: commitments.map((c) => ({ type: 'commitment', id: c.id })) };
    }
  }
  const out: Record<string, unknown> = { id: rec.id, type: `${rec.kind}-${family}`, attributes };
  if (Object.keys(relationships).length) out.relationships = relationships;
  return out;
}

/** The instrument named by the path's `:id`, or a 404 in the family's words. */
export function instrumentOf(ctx: Ctx, family: Family, name = 'id'): InstrumentRecord {
  const rec = ctx.store.instruments.get(ctx.param(name));
  if (!rec) throw notFound(family, ctx.param(name));
  return rec;
}

async function create(ctx: Ctx, family: Family): Promise<Response> {
  const doc = await ctx.document();
  const suffix = `-${family}`;
  if (!doc.type.endsWith(suffix))
    throw new HttpError(409, `data.type must be "<kind>${suffix}" here, got "${doc.type}"`);
  const kind = doc.type.slice(0, -suffix.length) as InstrumentKind;
  const rule = kindRule(family === 'asset' ? 'assets.create' : 'instruments.create', doc.type);
  const f = new Fields(doc.attributes, 'data.attributes');
  const attributes = checkedAttributes(f, rule);
  checkedRelationships(f, ctx.store, rule, doc.relationships);
  f.done();
  const unpayable = kind === 'loan' ? loanProblem(attributes) : undefined;
  if (unpayable) throw badRequest(unpayable);

  const { securityIdentifier, ccyCode } = attributes;
  const existing =
    securityIdentifier !== undefined && ccyCode !== undefined
      ? ctx.store.instruments.findByIdentifier(securityIdentifier, ccyCode)
      : undefined;
  if (existing) return seeOther(`${ctx.base}${FAMILY_PATH[family]}/${existing.id}`);

  const rec = ctx.store.instruments.addChecked({ kind, attributes, relationships: doc.relationships });
  if (kind === FUND) {
    const commitment = attributes.initialCommitment as { date: string; value: number };
    ctx.store.commitments.add({ instrumentId: rec.id, date: commitment.date, value: commitment.value });
    rec.attributes = { ...attributes, exitDate: null };
    delete rec.attributes.initialCommitment;
  }
  if (kind === 'loan') createLoanTransactions(ctx.store, rec);
  return created(ctx, renderInstrument(ctx.store, rec, family));
}

/**
 * Removes an instrument with its time series, commitments and positions, and a loan with its own loan transactions
 * (the service makes them with it, and no caller can create one); one another transaction or instrument still
 * names (a trade's `asset`) is kept (409).
 */
function remove(store: MockStore, family: Family, id: string): void {
  const own = new Set(
    store.transactions
      .where((t) => t.type === 'loan-transaction' && (t.relationships.loan?.data as Ident | null)?.id === id)
      .map((t) => t.id),
  );
  keepWhileNamed(store, store.instruments, id, `${family} ${id}`, (record) => own.has(record.id));
  for (const transaction of own) store.transactions.delete(transaction);
  store.instruments.delete(id);
  for (const table of [
    store.prices,
    store.interestRates,
    store.indexFactors,
    store.netAssetValues,
    store.commitments,
    store.positions,
  ]) {
    for (const row of table.where((r) => r.instrumentId === id)) table.delete(row.id);
  }
}

function privateInstruments(ctx: Ctx): Response {
  const id = ctx.param('reportingEntityId');
  if (!ctx.store.reportingEntities.get(id)) throw notFound('reporting-entity', id);
  const held = new Set(ctx.store.positions.where((p) => p.reportingEntityId === id).map((p) => p.instrumentId));
  const owned = ctx.store.instruments.where(
    (i) => i.reportingEntityId === id || (held.has(i.id) && PRIVATE_KINDS.includes(i.kind)),
  );
  return paged(
    ctx,
    owned.map((i) => renderInstrument(ctx.store, i, 'instrument')),
  );
}

export const instrumentRoutes: Route[] = [
  {
    endpoint: 'assets.retrieve',
    handle: (ctx) => one(ctx, renderInstrument(ctx.store, instrumentOf(ctx, 'asset'), 'asset')),
  },
  { endpoint: 'assets.create', handle: (ctx) => create(ctx, 'asset') },
  {
    endpoint: 'assets.delete',
    handle: (ctx) => {
      remove(ctx.store, 'asset', instrumentOf(ctx, 'asset').id);
      return noContent();
    },
  },
  {
    endpoint: 'instruments.retrieve',
    handle: (ctx) => one(ctx, renderInstrument(ctx.store, instrumentOf(ctx, 'instrument'), 'instrument')),
  },
  { endpoint: 'instruments.listPrivate', handle: privateInstruments },
  { endpoint: 'instruments.create', handle: (ctx) => create(ctx, 'instrument') },
];
