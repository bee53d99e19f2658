/** Instrument classes (v3) and asset classes (v2): the same seeded classes under two names. */
import type { Ctx } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { one } from '../http/respond.js';
import type { Route } from '../http/routes.js';

const NAMES = {
  v2: { cls: 'asset-class', detailed: 'asset-class-detailed', rel: 'assetClass' },
  v3: { cls: 'instrument-class', detailed: 'instrument-class-detailed', rel: 'instrumentClass' },
} as const;

function retrieveClass(ctx: Ctx, v: keyof typeof NAMES): Response {
  const cls = ctx.store.instrumentClasses.get(ctx.param('id'));
  if (!cls) throw notFound(NAMES[v].cls, ctx.param('id'));
  return one(ctx, { id: cls.id, type: NAMES[v].cls, attributes: { name: cls.name } });
}

function retrieveDetailed(ctx: Ctx, v: keyof typeof NAMES): Response {
  const d = ctx.store.detailedInstrumentClasses.get(ctx.param('id'));
  if (!d) throw notFound(NAMES[v].detailed, ctx.param('id'));
  const names = NAMES[v];
  return one(ctx, {
    id: d.id,
    type: names.detailed,
    attributes: { name: d.name },
    relationships: { [names.rel]: { data: { type: names.cls, id: d.instrumentClassId } } },
  });
}

export const classRoutes: Route[] = [
  { endpoint: 'instrumentClasses.retrieve', handle: (ctx) => retrieveClass(ctx, 'v3') },
  { endpoint: 'instrumentClasses.retrieveDetailed', handle: (ctx) => retrieveDetailed(ctx, 'v3') },
  { endpoint: 'assetClasses.retrieve', handle: (ctx) => retrieveClass(ctx, 'v2') },
  { endpoint: 'assetClasses.retrieveDetailed', handle: (ctx) => retrieveDetailed(ctx, 'v2') },
];
