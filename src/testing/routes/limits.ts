/** Investment limits and their statuses, computed from the seeded holdings on the date asked for. */
import { Fields, ref } from '../http/check.js';
import type { Ctx } from '../http/context.js';
import { checkedAttributes, documentRule, refuseOtherRelationships } from '../http/create-rule.js';
import { conflict } from '../http/errors.js';
import { created } from '../http/respond.js';
import type { Route } from '../http/routes.js';
import { otherOwner } from '../store/fits.js';
import type { LimitRecord } from '../store/records.js';
import { deleteOne, listOf, readOne } from './crud.js';
import { checkFilter, checkLimitType, limitStatus } from './limit-rules.js';

function render(l: LimitRecord) {
  const relationships: Record<string, unknown> = { client: { data: { type: 'client', id: l.clientId } } };
  if (l.parentLimitId) relationships.parentLimit = { data: { type: 'limit', id: l.parentLimitId } };
  return {
    id: l.id,
    type: 'limit',
    attributes: {
      name: l.name,
      ccyCode: l.ccyCode,
      startDate: l.startDate,
      limitFilter: l.limitFilter,
      limitType: l.limitType,
    },
    relationships,
  };
}

async function create(ctx: Ctx): Promise<Response> {
  const doc = await ctx.document('limit');
  const rule = documentRule('limits.create');
  const f = new Fields(doc.attributes, 'data.attributes');
  // The mock's own checks first, in their words; then the SDK's rule for what they do not check (fractions,
  // min <= max, both bounds, closed objects, country and currency codes in conditions), so nothing the SDK
  // would refuse to send is stored.
  f.string('name');
  f.currency('ccyCode');
  f.date('startDate');
  checkFilter(f, doc.attributes.limitFilter, 'data.attributes.limitFilter');
  checkLimitType(f, doc.attributes.limitType, 'data.attributes.limitType');
  f.allowOnly(['name', 'ccyCode', 'startDate', 'limitFilter', 'limitType']);
  const attributes = checkedAttributes(f, rule);
  refuseOtherRelationships(f, rule, doc.relationships);
  const client = ref(f, doc.relationships, 'client', ctx.store.clients, { required: true });
  const parent = ref(f, doc.relationships, 'parentLimit', ctx.store.limits);
  const misfit = client && parent && otherOwner('limit', parent.id, parent.clientId, client.id, 'client');
  if (misfit) f.issue(`data.relationships.parentLimit: ${misfit}`);
  f.done();
  const limit = ctx.store.limits.add({
    clientId: (client as { id: string }).id,
    parentLimitId: parent?.id,
    name: attributes.name as string,
    ccyCode: attributes.ccyCode as string,
    startDate: attributes.startDate as string,
    limitFilter: attributes.limitFilter,
    limitType: attributes.limitType as LimitRecord['limitType'],
  });
  return created(ctx, render(limit));
}

export const limitRoutes: Route[] = [
  readOne('limits.retrieve', (s) => s.limits, render),
  { endpoint: 'limits.create', handle: create },
  listOf(
    'clients.limits.list',
    (s) => s.clients,
    (client, ctx) => ctx.store.limits.where((l) => l.clientId === client.id).map(render),
  ),
  deleteOne(
    'limits.delete',
    (s) => s.limits,
    (limit, ctx) => {
      const children = ctx.store.limits.where((l) => l.parentLimitId === limit.id);
      if (children.length)
        throw conflict(
          `limit ${limit.id} is the parent of ${children.map((c) => c.id).join(', ')}; delete those first`,
        );
    },
  ),
  readOne(
    'limits.status',
    (s) => s.limits,
    (limit, ctx) => limitStatus(ctx.store, limit, ctx.dateQuery('date')),
  ),
  listOf(
    'clients.limits.status',
    (s) => s.clients,
    (client, ctx) => {
      const date = ctx.dateQuery('date');
      return ctx.store.limits.where((l) => l.clientId === client.id).map((l) => limitStatus(ctx.store, l, date));
    },
  ),
];
