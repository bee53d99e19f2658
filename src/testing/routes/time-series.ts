/**
 * Interest rates, prices, index factors (v2 on assets, v3 on instruments; one store) and net asset
 * values (v3 only). Values created here have provider `client`; a second value on the same date is a 409, and so is
 * deleting a price a NAV is paired with (the NAV's delete removes it).
 */

import type { EndpointId } from '../../endpoints.js';
import { Fields } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { checkedAttributes, documentRule, refuseOtherRelationships } from '../http/create-rule.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { created, noContent, paged } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { notAFund } from '../store/fits.js';
import type { Series } from '../store/instruments.js';
import type { SeriesRecord } from '../store/records.js';
import { type Family, instrumentOf } from './instruments.js';

interface SeriesDef {
  /** The SDK namespace, e.g. `prices` (`instruments.prices.list`). */
  name: 'interestRates' | 'prices' | 'indexFactors';
  type: 'price' | 'interest-rate' | 'index-factor';
  table: (ctx: Ctx) => Series;
}
const SERIES: SeriesDef[] = [
  { name: 'interestRates', type: 'interest-rate', table: (ctx) => ctx.store.interestRates },
  { name: 'prices', type: 'price', table: (ctx) => ctx.store.prices },
  { name: 'indexFactors', type: 'index-factor', table: (ctx) => ctx.store.indexFactors },
];

const render = (type: string, s: SeriesRecord) => ({
  id: s.id,
  type,
  attributes: { date: s.date, provider: s.provider, value: s.value },
});

async function createValue(ctx: Ctx, family: Family, def: SeriesDef, endpoint: EndpointId): Promise<Response> {
  const instrument = instrumentOf(ctx, family);
  const doc = await ctx.document(def.type);
  const rule = documentRule(endpoint);
  const f = new Fields(doc.attributes, 'data.attributes');
  // The SDK's rule: `date` and `value` only (`provider` is the service's), nothing else dropped unsaid.
  const { date, value } = checkedAttributes(f, rule);
  refuseOtherRelationships(f, rule, doc.relationships);
  f.done();
  const table = def.table(ctx);
  const clash = table.of(instrument.id).find((s) => s.date === date && s.provider === 'client');
  if (clash) {
    // A NAV's price is not deleted on its own (see deleteValue): only the PATCH is offered.
    const navs = def.type === 'price' ? navsOf(ctx, clash.id) : [];
    const way =
      def.type !== 'price'
        ? 'delete it first'
        : navs.length
          ? `PATCH its value (it is the price of net asset value ${navs.join(', ')})`
          : 'delete it first or PATCH its value';
    throw conflict(`a ${def.type} dated ${date} already exists for this ${family} (id ${clash.id}); ${way}`);
  }
  return created(
    ctx,
    render(def.type, table.add({ instrumentId: instrument.id, date: date as string, value: value as number })),
  );
}

/** The NAVs a price is paired with (the ids), usually none or one. */
function navsOf(ctx: Ctx, priceId: string): string[] {
  return ctx.store.netAssetValues.where((n) => n.priceId === priceId).map((n) => n.id);
}

/** A price a NAV is paired with is kept (409): it goes with the NAV (`NetAssetValues.remove`). */
function deleteValue(ctx: Ctx, def: SeriesDef): Response {
  const id = ctx.param('id');
  if (!def.table(ctx).get(id)) throw notFound(def.type, id);
  const navs = def.type === 'price' ? navsOf(ctx, id) : [];
  if (navs.length === 1)
    throw conflict(`price ${id} is the price of net asset value ${navs[0]}; delete the NAV, which removes its price`);
  if (navs.length)
    throw conflict(
      `price ${id} is the price of net asset values ${navs.join(', ')}; delete the NAVs, the last of which removes it`,
    );
  def.table(ctx).delete(id);
  return noContent();
}

async function patchPrice(ctx: Ctx): Promise<Response> {
  const price = ctx.store.prices.get(ctx.param('id'));
  if (!price) throw notFound('price', ctx.param('id'));
  const doc = await ctx.patchDocument('price');
  const f = new Fields(doc.attributes, 'data.attributes');
  const value = f.number('value');
  for (const name of Object.keys(doc.attributes))
    if (name !== 'value') f.fail(name, 'cannot be changed (only value can)');
  f.done();
  price.value = value as number;
  return noContent();
}

function seriesRoutes(family: Family, parent: 'instruments' | 'assets'): Route[] {
  return SERIES.flatMap((def): Route[] => [
    {
      endpoint: `${parent}.${def.name}.list`,
      handle: (ctx) =>
        paged(
          ctx,
          def
            .table(ctx)
            .of(instrumentOf(ctx, family).id)
            .map((s) => render(def.type, s)),
        ),
    },
    {
      endpoint: `${parent}.${def.name}.create`,
      handle: (ctx) => createValue(ctx, family, def, `${parent}.${def.name}.create`),
    },
    ...(def.type === 'price' ? [{ endpoint: `${parent}.prices.update`, handle: patchPrice } as const] : []),
    { endpoint: `${parent}.${def.name}.delete`, handle: (ctx) => deleteValue(ctx, def) },
  ]);
}

async function createNav(ctx: Ctx): Promise<Response> {
  const instrument = instrumentOf(ctx, 'instrument');
  const misfit = notAFund('net asset values', instrument);
  if (misfit) throw badRequest(misfit);
  const doc = await ctx.document('net-asset-value');
  const rule = documentRule('instruments.netAssetValues.create');
  const f = new Fields(doc.attributes, 'data.attributes');
  const { officialDate, effectiveDate, value } = checkedAttributes(f, rule);
  refuseOtherRelationships(f, rule, doc.relationships);
  f.done();
  const nav = ctx.store.netAssetValues.add({
    instrumentId: instrument.id,
    officialDate: officialDate as string,
    effectiveDate: effectiveDate as string | undefined,
    value: value as number,
  });
  return created(ctx, renderNav(nav));
}

const renderNav = (n: { id: string; officialDate: string; effectiveDate: string; value: number }) => ({
  id: n.id,
  type: 'net-asset-value',
  attributes: { officialDate: n.officialDate, effectiveDate: n.effectiveDate, value: n.value },
});

export const timeSeriesRoutes: Route[] = [
  ...seriesRoutes('instrument', 'instruments'),
  ...seriesRoutes('asset', 'assets'),
  {
    endpoint: 'instruments.netAssetValues.list',
    handle: (ctx) => {
      const id = instrumentOf(ctx, 'instrument').id;
      const navs = ctx.store.netAssetValues
        .where((n) => n.instrumentId === id)
        .sort((a, b) => a.officialDate.localeCompare(b.officialDate));
      return paged(ctx, navs.map(renderNav));
    },
  },
  { endpoint: 'instruments.netAssetValues.create', handle: createNav },
  {
    endpoint: 'instruments.netAssetValues.delete',
    handle: (ctx) => {
      // A price the NAV did not create (the client's, or one another NAV still sets) stays: see `remove`.
      if (!ctx.store.netAssetValues.remove(ctx.param('navId'))) throw notFound('net-asset-value', ctx.param('navId'));
      return noContent();
    },
  },
];
