/**
 * Holdings and asset holdings per date over the closed interval [fromDate, toDate], computed from the
 * seeded positions (see valuation.ts). `expand` groups holdings by the dimensions asked for;
 * `include=asset` adds the assets as `GET /assets/:id` returns them.
 */

import type { Ctx } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { base64url } from '../ids.js';
import type { Ident, ReportingEntityRecord } from '../store/records.js';
import { daysBetween, eachDay, roundCents, type Valued, valueOver } from '../valuation.js';
import { renderInstrument } from './instruments.js';

const EXPANSIONS = ['portfolios', 'depositories', 'assets', 'assetClasses', 'assetClassesDetailed'] as const;
type Expansion = (typeof EXPANSIONS)[number];
/** A generous bound on one request; longer periods are a 400 (the reference shows none). */
const MAX_DAYS = 3660;

interface Period {
  entity: ReportingEntityRecord;
  dates: string[];
  includeAsset: boolean;
}

function period(ctx: Ctx): Period {
  const entity = ctx.store.reportingEntities.get(ctx.param('id'));
  if (!entity) throw notFound('reporting-entity', ctx.param('id'));
  const from = ctx.dateQuery('fromDate');
  const to = ctx.dateQuery('toDate');
  if (from >= to)
    throw badRequest(
      `fromDate (${from}) must be before toDate (${to}): the period is the closed interval from fromDate to toDate`,
    );
  if (daysBetween(from, to) > MAX_DAYS)
    throw badRequest(`the period from ${from} to ${to} is longer than ${MAX_DAYS} days; ask for a shorter one`);
  const include = list(ctx.query('include'));
  const unknown = include.filter((i) => i !== 'asset');
  if (unknown.length) throw badRequest(`include accepts only "asset", got "${unknown.join(',')}"`);
  return { entity, dates: eachDay(from, to), includeAsset: include.includes('asset') };
}

const list = (value: string | undefined): string[] =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

function valuedPerDay(ctx: Ctx, p: Period): Valued[][] {
  const positions = ctx.store.positions.where((pos) => pos.reportingEntityId === p.entity.id);
  return valueOver(ctx.store, positions, p.dates);
}

/** The relationships a valued position contributes for the requested dimensions. */
function dimensions(v: Valued, expand: readonly Expansion[]): Record<string, { data: Ident }> {
  const rels: Record<string, { data: Ident }> = {
    reportingEntity: { data: { type: 'reporting-entity', id: v.position.reportingEntityId } },
  };
  for (const e of expand) {
    if (e === 'portfolios') rels.portfolio = { data: { type: 'portfolio', id: v.position.portfolioId } };
    if (e === 'depositories' && v.position.depositoryId)
      rels.depository = { data: { type: 'depository', id: v.position.depositoryId } };
    if (e === 'assets') rels.asset = { data: { type: `${v.instrument.kind}-asset`, id: v.instrument.id } };
    if (e === 'assetClasses' && v.instrument.instrumentClassId)
      rels.assetClass = { data: { type: 'asset-class', id: v.instrument.instrumentClassId } };
    if (e === 'assetClassesDetailed' && v.instrument.detailedInstrumentClassId) {
      rels.assetClassDetailed = { data: { type: 'asset-class-detailed', id: v.instrument.detailedInstrumentClassId } };
    }
  }
  return rels;
}

const groupKey = (rels: Record<string, { data: Ident }>) =>
  Object.entries(rels)
    .map(([k, r]) => `${k}=${r.data.id}`)
    .join('&');

/** The assets a page of holdings points to, rendered as `GET /assets/:id` does, once each. */
function includedAssets(ctx: Ctx, page: { relationships: Record<string, { data: Ident }> }[]): unknown[] {
  const ids = [...new Set(page.map((h) => h.relationships.asset?.data.id).filter((id) => id !== undefined))];
  return ids
    .map((id) => ctx.store.instruments.get(id))
    .filter((i) => i !== undefined)
    .map((i) => renderInstrument(ctx.store, i, 'asset'));
}

function holdings(ctx: Ctx): Response {
  const p = period(ctx);
  const expand = list(ctx.query('expand'));
  const wrong = expand.filter((e) => !EXPANSIONS.includes(e as Expansion));
  if (wrong.length) throw badRequest(`expand accepts ${EXPANSIONS.join(', ')}; got "${wrong.join(',')}"`);
  const dims = expand as Expansion[];
  const entityCcy = typeof p.entity.attributes.ccyCode === 'string' ? p.entity.attributes.ccyCode : 'EUR';
  const out = valuedPerDay(ctx, p).flatMap((valued, i) => {
    const date = p.dates[i] as string;
    const groups = new Map<string, { rels: Record<string, { data: Ident }>; value: number; ccyCode: string }>();
    // Without expand there is one holding per date, even when nothing is held that day.
    if (!dims.length) {
      const rels = { reportingEntity: { data: { type: 'reporting-entity', id: p.entity.id } } };
      groups.set(groupKey(rels), { rels, value: 0, ccyCode: entityCcy });
    }
    for (const v of valued) {
      const rels = dimensions(v, dims);
      const key = groupKey(rels);
      const group = groups.get(key) ?? { rels, value: 0, ccyCode: dims.includes('assets') ? v.ccyCode : entityCcy };
      group.value += v.marketValue;
      groups.set(key, group);
    }
    return [...groups].map(([key, g]) => ({
      id: base64url(`holding|${p.entity.id}|${date}|${key}`),
      type: 'holding',
      attributes: { ccyCode: g.ccyCode, date, marketValue: roundCents(g.value) },
      relationships: g.rels,
    }));
  });
  return paged(ctx, out, p.includeAsset ? (page) => includedAssets(ctx, page) : undefined);
}

function assetHoldings(ctx: Ctx): Response {
  const p = period(ctx);
  const all: readonly Expansion[] = ['portfolios', 'depositories', 'assets', 'assetClasses', 'assetClassesDetailed'];
  const out = valuedPerDay(ctx, p).flatMap((valued) => {
    const groups = new Map<
      string,
      { v: Valued; rels: Record<string, { data: Ident }>; value: number; units: number }
    >();
    for (const v of valued) {
      const rels = dimensions(v, all);
      const key = groupKey(rels);
      const group = groups.get(key) ?? { v, rels, value: 0, units: 0 };
      group.value += v.marketValue;
      group.units += v.position.units;
      groups.set(key, group);
    }
    return [...groups].map(([key, g]) => ({
      id: base64url(`asset-holding|${g.v.date}|${key}`),
      type: 'asset-holding',
      attributes: { ccyCode: g.v.ccyCode, date: g.v.date, marketValue: roundCents(g.value), unitsInHolding: g.units },
      relationships: g.rels,
    }));
  });
  return paged(ctx, out, p.includeAsset ? (page) => includedAssets(ctx, page) : undefined);
}

export const holdingRoutes: Route[] = [
  { endpoint: 'holdings.list', handle: holdings },
  { endpoint: 'assetHoldings.list', handle: assetHoldings },
];
