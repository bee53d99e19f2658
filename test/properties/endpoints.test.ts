/**
 * Every create and update row of the endpoint table, driven with generated valid inputs through the SDK
 * against the mock over real HTTP: the request body the SDK sends is one the row's body rule describes
 * (`bodySchema`), the mock accepts it, and its answer is the one the row documents (status, and a body the
 * response schema accepts). Attributes come from the rows' own create/update schemas (`validValue`);
 * relationships name records of a small structure seeded afresh for every run.
 */

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type DocumentRule, patchRelationships, type RequestBody } from '../../src/core/documents.js';
import { bodySchema, type EndpointId } from '../../src/endpoints.js';
import { PortfolioReporting } from '../../src/index.js';
import { limitFilter, limitType } from '../../src/schemas/limit-builders.js';
import type { Rel } from '../../src/schemas/resource.js';
import { createMockService, type MockStore, type RunningServer, snapshotOf } from '../../src/testing/index.js';
import { loanProblem } from '../../src/testing/routes/loans.js';
import { recordsProblem } from '../../src/testing/store/record-schemas.js';
import { validValue } from '../helpers/arbitraries.js';
import { checkAnswer } from '../helpers/contract.js';
import { type EndpointRow, endpointRows, resolveMethod, rowsMatching } from '../helpers/endpoints.js';
import { fundSeed } from '../helpers/seeds.js';

/** Runs per row: enough to meet every kind of a kind table a few times, and still a few seconds in all. */
const RUNS = 25;

type Schema = z.ZodMiniType;

/** The records a run's relationships and path ids name, seeded afresh before each run. */
function seedStructure(store: MockStore) {
  const client = store.clients.add({ name: 'Prop' });
  const legalEntity = store.legalEntities.add({ clientId: client.id, name: 'Prop AB' });
  const account = store.accounts.add({ legalEntityId: legalEntity.id, externalIdentifier: 'P-1', ccyCode: 'EUR' });
  const depository = store.depositories.add({
    legalEntityId: legalEntity.id,
    externalIdentifier: 'D-1',
    accountIds: [account.id],
  });
  const reportingEntity = store.reportingEntities.add({ clientId: client.id, attributes: { name: 'Prop' } });
  const portfolio = store.portfolios.add({ reportingEntityId: reportingEntity.id, attributes: { name: 'Core' } });
  const stock = store.instruments.add({
    kind: 'stock',
    attributes: { name: 'ACME', securityIdentifier: 'US-PROP-1', ccyCode: 'EUR', countryCode: 'US' },
  });
  const fund = store.instruments.add({
    kind: 'private-market-fund-commitment-based',
    attributes: fundSeed(),
    relationships: { depository: { data: { type: 'depository', id: depository.id } } },
  });
  const price = store.prices.add({ instrumentId: stock.id, date: '2024-01-02', value: 10 });
  const transaction = store.transactions.add({
    type: 'equity-trade-transaction',
    attributes: {
      accountAmount: -100,
      tradeDate: '2024-01-02',
      valueDate: '2024-01-04',
      units: 10,
      unitPrice: 10,
      commission: 0,
    },
    relationships: { account: { data: { type: 'account', id: account.id } } },
  });
  const limit = store.limits.add({
    clientId: client.id,
    name: 'All',
    ccyCode: 'EUR',
    startDate: '2024-01-01',
    limitFilter: limitFilter.currencyCodeIs('EUR'),
    limitType: limitType.limitGroup(),
  });
  const user = store.users.add({ clientId: client.id, firstName: 'Ada', lastName: 'Berg', contactEmail: 'a@b.c' });
  return {
    client,
    legalEntity,
    account,
    depository,
    reportingEntity,
    portfolio,
    stock,
    fund,
    price,
    transaction,
    limit,
    user,
  };
}
type Structure = ReturnType<typeof seedStructure>;
const idsOf = (s: Structure) => Object.values(s).map((record) => record.id);

/** The path ids of each row (the arguments before the input). */
const PATH_IDS: Partial<Record<EndpointId, (s: Structure) => string[]>> = {
  'instruments.interestRates.create': (s) => [s.stock.id],
  'instruments.prices.create': (s) => [s.stock.id],
  'instruments.prices.update': (s) => [s.price.id],
  'instruments.indexFactors.create': (s) => [s.stock.id],
  'instruments.netAssetValues.create': (s) => [s.fund.id],
  'assets.interestRates.create': (s) => [s.stock.id],
  'assets.prices.create': (s) => [s.stock.id],
  'assets.prices.update': (s) => [s.price.id],
  'assets.indexFactors.create': (s) => [s.stock.id],
  'clients.legalEntities.create': (s) => [s.client.id],
  'legalEntities.update': (s) => [s.legalEntity.id],
  'legalEntities.accounts.create': (s) => [s.legalEntity.id],
  'legalEntities.depositories.create': (s) => [s.legalEntity.id],
  'accounts.update': (s) => [s.account.id],
  'depositories.update': (s) => [s.depository.id],
  'clients.users.create': (s) => [s.client.id],
  'users.update': (s) => [s.user.id],
  'users.invites.create': (s) => [s.user.id],
  'legalEntities.custodianAuthorities.create': (s) => [s.legalEntity.id],
  'clients.update': (s) => [s.client.id],
  'clients.reportingEntities.create': (s) => [s.client.id],
  'reportingEntities.update': (s) => [s.reportingEntity.id],
  'reportingEntities.portfolios.create': (s) => [s.reportingEntity.id],
  'portfolios.update': (s) => [s.portfolio.id],
};

/**
 * Attributes whose valid values the schemas cannot generate: limit filters and types are open kind unions
 * checked by a custom rule (built here with the SDK's builders), and the e-mail fields, which the schemas
 * take as any non-empty string while the mock, like the reference, wants an e-mail address.
 */
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9.]{1,12}$/), fc.constantFrom('example.com', 'bank.ch'))
  .map(([local, domain]) => `${local}@${domain}`);
const OVERRIDES: Record<string, fc.Arbitrary<unknown>> = {
  limitFilter: fc.oneof(
    fc.constant(limitFilter.countryCodeIs('CH')),
    fc.constant(limitFilter.and(limitFilter.currencyCodeIs('EUR'), limitFilter.securityIdentifierIsNot('X'))),
  ),
  limitType: fc.oneof(
    fc.constant(limitType.limitGroup()),
    fc.double({ min: 0, max: 1, noNaN: true }).map((max) => limitType.proportional({ max })),
    fc.integer().map((min) => limitType.absolute({ min })),
  ),
  contactEmail: email,
  restrictedToEmail: email,
};

/** Valid attributes for an object schema: its own fields' values, the overrides where given. */
function attributes(schema: Schema, patch: boolean): fc.Arbitrary<Record<string, unknown>> {
  const def = (schema as unknown as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const value = OVERRIDES[key] ?? validValue(field);
    if (!value) continue;
    model[key] = value;
    const optional = ['optional', 'default'].includes((field as { _zod: { def: { type: string } } })._zod.def.type);
    if (!optional) requiredKeys.push(key);
  }
  const record = fc.record(model, { requiredKeys, noNullPrototype: true });
  // A PATCH must name something to change; a create's cross-field rule (recallable amount) must hold.
  return record.filter((value) => (!patch || Object.keys(value).length > 0) && z.safeParse(schema, value).success);
}

/** A relationship to a record of the structure, as an id or as a `{ type, id }` pair. */
function relationship(name: string, r: Rel, s: Structure): fc.Arbitrary<unknown> {
  const targets: Record<string, { id: string; type: string }> = {
    account: { id: s.account.id, type: 'account' },
    depository: { id: s.depository.id, type: 'depository' },
    asset: { id: s.stock.id, type: 'stock-asset' },
    instrument: { id: s.stock.id, type: 'stock-instrument' },
    transaction: { id: s.transaction.id, type: 'equity-trade-transaction' },
    client: { id: s.client.id, type: 'client' },
    limit: { id: s.limit.id, type: 'limit' },
    'reporting-entity': { id: s.reportingEntity.id, type: 'reporting-entity' },
  };
  const target = targets[r.target];
  if (!target) throw new Error(`no record in the structure for the relationship ${name} (${r.target})`);
  const one = fc.constantFrom<unknown>(target.id, { type: target.type, id: target.id });
  // A depository is created linked to exactly one account.
  if (name === 'accounts') return one.map((value) => [value]);
  return r.many ? fc.array(one, { maxLength: 2 }) : one;
}

function documentInput(rule: DocumentRule, s: Structure, patch: boolean): fc.Arbitrary<Record<string, unknown>> {
  const rels: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  // A PATCH may send only the relationships it can change.
  for (const [name, r] of Object.entries(patch ? patchRelationships(rule) : rule.relationships)) {
    if (r.create === false) continue;
    rels[name] = relationship(name, r, s);
    if (r.create === 'required') requiredKeys.push(name);
  }
  const attrs = rule.attributes ? attributes(rule.attributes, patch) : fc.constant(undefined);
  return fc.record({ attributes: attrs, relationships: fc.record(rels, { requiredKeys }) }).map((input) => ({
    ...(rule.type.includes('-') && rule.type.match(/-(asset|instrument|transaction)$/) ? { type: rule.type } : {}),
    ...(input.attributes !== undefined && { attributes: input.attributes }),
    ...(Object.keys(input.relationships).length && { relationships: input.relationships }),
  }));
}

/** Valid inputs of a row, from its body rule (or query). */
function inputs(row: EndpointRow, s: Structure): fc.Arbitrary<unknown> {
  const body = (row.endpoint as { body?: RequestBody }).body;
  if (row.sdkMethod === 'legalEntities.custodianAuthorities.create')
    return fc.constantFrom({ custodianAuthFlowId: 'nordbank-v2' }, { custodianAuthFlowId: 'alpen-privatbank-v1' });
  switch (body?.kind) {
    case 'document':
      return documentInput(body, s, body.patch ?? false);
    case 'kinds':
      return fc.oneof(...Object.values(body.kinds).map((rule) => documentInput(rule, s, false)));
    case 'generic':
      return fc
        .dictionary(fc.constantFrom('name', 'ccyCode', 'note'), fc.oneof(fc.string(), fc.integer()), { minKeys: 1 })
        .map((attributes) => ({ attributes }));
    default:
      throw new Error(`${row.sdkMethod}: no generator for its body`);
  }
}

const rows = endpointRows.filter((row) => /\.(create|update)$/.test(row.sdkMethod));

describe('create and update rows against the mock', () => {
  const mock = createMockService();
  let server: RunningServer;
  let prs: PortfolioReporting;
  const sent: { method: string; path: string; body: unknown; answers: { status: number; issues: string[] }[] }[] = [];

  beforeAll(async () => {
    server = await mock.listen({ port: 0 });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.clone().text();
      const response = await globalThis.fetch(request);
      const matched = rowsMatching(request.method, url.pathname);
      const issues = checkAnswer(matched[0], response.status, await response.clone().text());
      const last = sent.at(-1);
      // A 303's GET belongs to the create that was answered with it.
      if (last && request.method === 'GET') last.answers.push({ status: response.status, issues });
      else
        sent.push({
          method: request.method,
          path: url.pathname,
          body: text ? JSON.parse(text) : undefined,
          answers: [{ status: response.status, issues }],
        });
      return response;
    };
    prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'prop', maxRetries: 0, logLevel: 'off', fetch });
  });
  afterAll(() => server?.close());

  it('covers every create and update row of the table', () => {
    expect(rows).toHaveLength(29);
  });

  it.each(rows)(
    '$n $sdkMethod: generated valid inputs are sent as the row describes and answered as it documents',
    async (row) => {
      const body = (row.endpoint as { body?: RequestBody }).body;
      const document = body ? bodySchema(body) : undefined;
      // Ids restart with every reset: the structure seeded for each run has the ids the inputs were made with.
      mock.reset();
      const structure = seedStructure(mock.store);
      const ids = PATH_IDS[row.sdkMethod]?.(structure) ?? [];
      await fc.assert(
        fc.asyncProperty(inputs(row, structure), async (input) => {
          // A loan whose interest no number holds is the mock's documented 400 (README, "What the mock decides";
          // test/testing/instruments.test.ts), not an answer of the row: such inputs are not asked here.
          const loan = input as { type?: unknown; attributes?: Record<string, unknown> };
          fc.pre(!(String(loan.type).startsWith('loan-') && loan.attributes && loanProblem(loan.attributes)));
          mock.reset();
          expect(idsOf(seedStructure(mock.store))).toEqual(idsOf(structure));
          sent.length = 0;
          const { owner, name } = resolveMethod(prs, row.sdkMethod);
          await (owner[name] as (...args: unknown[]) => Promise<unknown>).apply(owner, [...ids, input]);
          expect(sent).toHaveLength(1);
          const [request] = sent as [(typeof sent)[number]];
          expect([request.method, rowsMatching(request.method, request.path).map((r) => r.sdkMethod)]).toEqual([
            row.method,
            [row.sdkMethod],
          ]);
          if (document) {
            const result = z.safeParse(document, request.body);
            expect(result.success ? [] : result.error.issues, 'the body the SDK sent fits the row').toEqual([]);
          }
          for (const answer of request.answers) expect(answer.issues, `answered ${answer.status}`).toEqual([]);
          // What the mock stored fits its records' shapes and references, as `restoreSnapshot` checks them (its
          // `idsDrawn` check, 20 ms a call, is left out: the ids are the mock's own).
          const { tables } = JSON.parse(JSON.stringify(snapshotOf(mock.store)));
          expect(recordsProblem(Object.entries(tables))).toBeUndefined();
        }),
        { numRuns: RUNS },
      );
    },
    // RUNS generated inputs, each a reset, a seeded structure and an HTTP call: CPU-bound; a backstop only (a run
    // cut off by the default would leave its requests in the next row's count).
    180_000,
  );
});
