/**
 * The demo: a client's whole set-up through the SDK, printed as a short report.
 *
 *   npm run demo                   against the embedded mock service, over real HTTP on 127.0.0.1
 *   PRS_BASE_URL=https://reporting.example.com PRS_ACCESS_TOKEN=… npm run demo
 *                                  against a real service: everything the demo uses is created by it; the
 *                                  custodian authority step runs only with PRS_CUSTODIAN_AUTH_FLOW=<flow id>
 *
 * Legal structure → instruments (a duplicate create answers the existing one) → prices → transactions →
 * holdings → investment limits → a custodian authority from creation to revocation → a signed webhook.
 */
import {
  consentFiles,
  type Instrument,
  type InstrumentCreateInput,
  limitFilter,
  limitType,
  type PortfolioReporting,
} from 'portfolio-reporting';
import { createWebhookSigner, type MockService } from 'portfolio-reporting/testing';
import { WebhookVerificationError } from 'portfolio-reporting/webhooks';
import { type Connection, runExample, runTag } from './lib/connect.js';
import { heading, money, percent, table } from './lib/table.js';

const PERIOD = { fromDate: '2024-01-01', toDate: '2024-03-31' };
const MONTH_ENDS = ['2024-01-31', '2024-02-29', '2024-03-31'];
const PRICE_DATES = ['2024-01-10', '2024-01-31', '2024-02-29', '2024-03-28'];

/** The demo's instruments (the input takes the security identifier), each with its closes on PRICE_DATES. */
const INSTRUMENTS: { id: string; input: (securityIdentifier: string) => InstrumentCreateInput; prices: number[] }[] = [
  {
    id: 'DE0007164600',
    input: (securityIdentifier) => ({
      type: 'stock-instrument',
      attributes: { name: 'SAP SE', securityIdentifier, ccyCode: 'EUR', countryCode: 'DE' },
    }),
    prices: [146.2, 160.34, 173.12, 180.48],
  },
  {
    id: 'NL0010273215',
    input: (securityIdentifier) => ({
      type: 'stock-instrument',
      attributes: { name: 'ASML Holding', securityIdentifier, ccyCode: 'EUR', countryCode: 'NL' },
    }),
    prices: [648.0, 798.2, 875.4, 899.0],
  },
  {
    id: 'DE0001102507',
    input: (securityIdentifier) => ({
      type: 'bond-instrument',
      attributes: {
        name: 'Bund 0 % 2030',
        securityIdentifier,
        ccyCode: 'EUR',
        countryCode: 'DE',
        couponFrequency: 'annually',
        dayCountConvention: 'actual/actual',
        maturityDate: '2030-08-15',
      },
    }),
    prices: [96.85, 97.4, 96.9, 97.35],
  },
];

/** Buys: instrument index, trade date, units, unit price. */
const TRADES = [
  { instrument: 0, kind: 'equity-trade-transaction', tradeDate: '2024-01-10', units: 120, unitPrice: 146.2 },
  { instrument: 1, kind: 'equity-trade-transaction', tradeDate: '2024-01-10', units: 40, unitPrice: 648.0 },
  { instrument: 2, kind: 'bond-trade-transaction', tradeDate: '2024-01-10', units: 500, unitPrice: 96.85 },
  { instrument: 1, kind: 'equity-trade-transaction', tradeDate: '2024-02-14', units: 20, unitPrice: 820.0 },
] as const;

const nameOf = (i: Instrument): string => (i.attributes && 'name' in i.attributes ? String(i.attributes.name) : i.id);
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function legalStructure(prs: PortfolioReporting, tag: string) {
  console.log(heading('1. Legal structure'));
  const client = await prs.clients.create({ attributes: { name: `Berg Family Office${tag}` } });
  const legalEntity = await prs.clients.legalEntities.create(client.id, {
    attributes: { name: `Berg Holding AB${tag}` },
  });
  const account = await prs.legalEntities.accounts.create(legalEntity.id, {
    attributes: { name: 'Main account', externalIdentifier: `SE35 5000 0000 0549 1000 0003${tag}`, ccyCode: 'EUR' },
  });
  const depository = await prs.legalEntities.depositories.create(legalEntity.id, {
    attributes: { name: 'Custody', externalIdentifier: `D-1001${tag}` },
    relationships: { accounts: [account.id] },
  });
  const reportingEntity = await prs.clients.reportingEntities.create(client.id, {
    attributes: { name: 'Berg family', ccyCode: 'EUR' },
  });
  const portfolio = await prs.reportingEntities.portfolios.create(reportingEntity.id, { attributes: { name: 'Core' } });
  console.log(
    table(
      ['resource', 'id', 'name'],
      [
        ['client', client.id, String(client.attributes?.name)],
        ['legal entity', legalEntity.id, legalEntity.attributes.name],
        ['account', account.id, `${account.attributes.name} (${account.attributes.ccyCode})`],
        ['depository', depository.id, `${depository.attributes.name} (linked to the account)`],
        ['reporting entity', reportingEntity.id, String(reportingEntity.attributes?.name)],
        ['portfolio', portfolio.id, String(portfolio.attributes?.name)],
      ],
    ),
  );
  return { client, legalEntity, account, depository, reportingEntity, portfolio };
}

/** What `legalStructure` created: the ids every later step uses. */
type Structure = Awaited<ReturnType<typeof legalStructure>>;

async function instruments(prs: PortfolioReporting, tag: string): Promise<Instrument[]> {
  console.log(heading('2. Instruments'));
  const created: Instrument[] = [];
  const rows: (string | boolean)[][] = [];
  for (const { id, input } of INSTRUMENTS) {
    const result = await prs.instruments.create(input(id + tag)).withResponse();
    created.push(result.data);
    rows.push([nameOf(result.data), result.data.type, id + tag, result.created, result.data.id]);
  }
  // The same security identifier and currency again: the service answers 303 with the existing instrument.
  const [first] = INSTRUMENTS as [(typeof INSTRUMENTS)[number]];
  const again = await prs.instruments.create(first.input(first.id + tag)).withResponse();
  rows.push([`${nameOf(again.data)} (again)`, again.data.type, first.id + tag, again.created, again.data.id]);
  console.log(table(['instrument', 'type', 'security identifier', 'created', 'id'], rows));
  const same = again.data.id === created[0]?.id ? 'the existing instrument, same id' : 'a different instrument';
  console.log(`\n  Creating ${nameOf(again.data)} a second time answered ${same} (created: ${again.created}).`);
  return created;
}

async function prices(prs: PortfolioReporting, instruments: readonly Instrument[]): Promise<void> {
  console.log(heading('3. Prices'));
  const rows = [];
  for (const [i, instrument] of instruments.entries()) {
    const closes = INSTRUMENTS[i]?.prices ?? [];
    for (const [d, value] of closes.entries()) {
      await prs.instruments.prices.create(instrument.id, { attributes: { date: PRICE_DATES[d] as string, value } });
    }
    const loaded = (await prs.instruments.prices.list(instrument.id)).sort((a, b) =>
      a.attributes.date.localeCompare(b.attributes.date),
    );
    const last = loaded.at(-1);
    rows.push([
      nameOf(instrument),
      loaded.length,
      loaded[0]?.attributes.date,
      last?.attributes.date,
      money(last?.attributes.value),
    ]);
  }
  console.log(table(['instrument', 'prices', 'from', 'to', 'last close'], rows));
}

async function transactions(prs: PortfolioReporting, s: Structure, instruments: readonly Instrument[]) {
  console.log(heading('4. Transactions'));
  for (const t of TRADES) {
    const amount = -(t.units * t.unitPrice);
    const common = {
      accountAmount: amount,
      commission: 0,
      unitPrice: t.unitPrice,
      units: t.units,
      tradeDate: t.tradeDate,
      valueDate: plusDays(t.tradeDate, 2),
    };
    const relationships = {
      account: s.account.id,
      asset: instruments[t.instrument]?.id as string,
      depository: s.depository.id,
    };
    if (t.kind === 'bond-trade-transaction') {
      await prs.transactions.create({ type: t.kind, attributes: { ...common, accruedInterest: 0 }, relationships });
    } else {
      await prs.transactions.create({ type: t.kind, attributes: common, relationships });
    }
  }
  const names = new Map(instruments.map((i) => [i.id, nameOf(i)]));
  const listed = await prs.transactions.list({ accountId: s.account.id, ...PERIOD });
  const rows = listed.map((t) => {
    const a = t.attributes as { tradeDate: string; units?: number; unitPrice?: number; accountAmount?: number };
    const asset = (t.relationships as { asset?: { data?: { id: string } | null } } | undefined)?.asset?.data?.id;
    return [
      a.tradeDate,
      t.type.replace(/-transaction$/, ''),
      asset ? names.get(asset) : '',
      a.units,
      money(a.unitPrice),
      money(a.accountAmount),
    ];
  });
  console.log(table(['trade date', 'kind', 'instrument', 'units', 'unit price', 'account amount'], rows));
  console.log(`\n  ${listed.length} transactions listed for the account from ${PERIOD.fromDate} to ${PERIOD.toDate}.`);
}

/**
 * The mock computes holdings from positions a test gives it, not from transactions (which name an account
 * and a depository, not a portfolio): on the mock the demo books one position per trade, from its trade date.
 */
function bookPositionsOnMock(mock: MockService, s: Structure, instruments: readonly Instrument[]): void {
  for (const t of TRADES) {
    const instrumentId = instruments[t.instrument]?.id as string;
    mock.store.positions.add({
      portfolioId: s.portfolio.id,
      depositoryId: s.depository.id,
      instrumentId,
      units: t.units,
      fromDate: t.tradeDate,
    });
  }
}

async function holdings(
  prs: PortfolioReporting,
  connection: Connection,
  s: Structure,
  instruments: readonly Instrument[],
) {
  console.log(heading('5. Holdings'));
  if (connection.mock) {
    bookPositionsOnMock(connection.mock, s, instruments);
    console.log('  On the mock: one position per trade, booked with mock.store.positions.add (the mock values the');
    console.log('  positions it is given; it does not derive them from transactions).\n');
  }
  const { data } = await prs.holdings.list(s.reportingEntity.id, { ...PERIOD, expand: ['portfolios'] });
  const monthEnds = data.filter((h) => MONTH_ENDS.includes(h.attributes.date));
  if (!connection.mock && !monthEnds.length)
    console.log('  No holdings yet: the service calculates them (the calculated_data.created webhook says when).\n');
  console.log(
    table(
      ['date', 'portfolio', 'currency', 'market value'],
      monthEnds.map((h) => [
        h.attributes.date,
        String(s.portfolio.attributes?.name),
        h.attributes.ccyCode,
        money(h.attributes.marketValue),
      ]),
    ),
  );

  const end = PERIOD.toDate;
  const perAsset = await prs.assetHoldings.list(s.reportingEntity.id, {
    fromDate: plusDays(end, -1),
    toDate: end,
    include: ['asset'],
  });
  const names = new Map(instruments.map((i) => [i.id, nameOf(i)]));
  const onEnd = perAsset.data.filter((h) => h.attributes.date === end);
  const total = onEnd.reduce((sum, h) => sum + h.attributes.marketValue, 0);
  console.log(`\n  Per asset on ${end}:\n`);
  console.log(
    table(
      ['asset', 'units', 'market value', 'weight'],
      onEnd.map((h) => {
        const id = h.relationships?.asset?.data?.id ?? '';
        return [
          names.get(id) ?? id,
          h.attributes.unitsInHolding,
          money(h.attributes.marketValue),
          percent(total ? h.attributes.marketValue / total : 0),
        ];
      }),
    ),
  );
}

async function limits(prs: PortfolioReporting, s: Structure, tag: string) {
  console.log(heading('6. Investment limits'));
  const asml = (INSTRUMENTS[1]?.id ?? '') + tag;
  const common = { ccyCode: 'EUR', startDate: PERIOD.fromDate };
  const created = [
    await prs.limits.create({
      attributes: {
        ...common,
        name: 'Single issuer: ASML ≤ 40 %',
        limitFilter: limitFilter.securityIdentifierIs(asml),
        limitType: limitType.proportional({ max: 0.4 }),
      },
      relationships: { client: s.client.id },
    }),
    await prs.limits.create({
      attributes: {
        ...common,
        name: 'German issuers ≤ 100,000 EUR',
        limitFilter: limitFilter.countryCodeIs('DE'),
        limitType: limitType.absolute({ max: 100_000 }),
      },
      relationships: { client: s.client.id },
    }),
    await prs.limits.create({
      attributes: {
        ...common,
        name: 'Outside EUR ≤ 10 %',
        limitFilter: limitFilter.currencyCodeIsNot('EUR'),
        limitType: limitType.proportional({ max: 0.1 }),
      },
      relationships: { client: s.client.id },
    }),
  ];
  const statuses = await prs.clients.limits.status(s.client.id, { date: PERIOD.toDate });
  const byId = new Map(statuses.map((st) => [st.id, st]));
  const rows = created.map((limit) => {
    const st = byId.get(limit.id);
    const type = limit.attributes.limitType as { type: string; values?: { max?: number | null } };
    const show = (n: number | null | undefined) => (type.type === 'proportional' ? percent(n) : money(n));
    return [
      limit.attributes.name,
      type.type,
      show(st?.attributes.currentValue),
      show(type.values?.max),
      st?.attributes.isBreached ? 'BREACHED' : 'ok',
    ];
  });
  console.log(table(['limit', 'type', `value on ${PERIOD.toDate}`, 'max', 'status'], rows));
}

async function custodianAuthority(prs: PortfolioReporting, connection: Connection, s: Structure) {
  const flowId = connection.mock ? 'nordbank-v2' : process.env.PRS_CUSTODIAN_AUTH_FLOW;
  console.log(heading('7. Custodian authority'));
  if (!flowId) {
    console.log(
      '  skipped: auth flow ids are not listed by the service; set PRS_CUSTODIAN_AUTH_FLOW=<flow id> to run this step',
    );
    return;
  }
  const ids = connection.mock?.store.custodianAuthorities;
  const steps: string[][] = [];
  const step = async (what: string, id: string, detail = '') => {
    const a = await prs.custodianAuthorities.retrieve(id);
    steps.push([what, a.attributes.status, detail]);
    return a;
  };

  const authority = await prs.legalEntities.custodianAuthorities.create(s.legalEntity.id, {
    custodianAuthFlowId: flowId,
  });
  const custodianId = authority.relationships?.custodian?.data?.id;
  const custodian = (await prs.custodians.list()).find((c) => c.id === custodianId);
  steps.push([
    'create',
    authority.attributes.status,
    `flow ${flowId}, custodian ${custodian?.attributes.name ?? custodianId}`,
  ]);
  for (const name of authority.attributes.pendingFiles) {
    const file = await prs.custodianAuthorities.files.upload(authority.id, {
      name,
      file: new TextEncoder().encode(`%PDF-1.4 demo ${name}\n`),
      filename: `${name}.pdf`,
    });
    await step(`upload ${name}`, authority.id, `${file.attributes.hash.slice(0, 24)}…`);
  }
  await prs.custodianAuthorities.waitForStatus(authority.id, 'waiting-for-consent', { interval: 500, timeout: 30_000 });
  await prs.custodianAuthorities.consent(authority.id, {
    legalEntityIdentifier: '5299000J2N45DDNE4Y28',
    custodianIdentifier: custodian?.attributes.identifier ?? '',
    consentType: 'all',
    files: consentFiles(await prs.custodianAuthorities.files.list(authority.id)),
  });
  await step('consent (all)', authority.id, 'files listed by name and hash');

  if (ids) {
    // No endpoint moves an authority on from here: on the mock the demo plays the operator and the custodian.
    ids.advance(authority.id, 'awaiting-custodian');
    await step('operator forwards it', authority.id, 'mock.store.custodianAuthorities.advance');
    await prs.custodianAuthorities.link(authority.id, { type: 'account', resourceNumber: 'SE-4400-1' });
    await step('link account SE-4400-1', authority.id, 'requested: in-progress');
    setTimeout(() => ids.advance(authority.id, 'active'), 150);
    const active = await prs.custodianAuthorities.waitForStatus(authority.id, 'active', {
      interval: 50,
      timeout: 10_000,
    });
    const linked = active.attributes.linkedAccounts.map((l) => `${l.accountNumber}: ${l.status}`).join(', ');
    steps.push(['waitForStatus active', active.attributes.status, `the custodian confirmed; ${linked}`]);
  }
  const revoked = await prs.custodianAuthorities.revoke(authority.id);
  steps.push(['revoke', revoked.status, '']);
  if (ids) {
    setTimeout(() => ids.advance(authority.id, 'revoked'), 150);
    const done = await prs.custodianAuthorities.waitForStatus(authority.id, 'revoked', {
      interval: 50,
      timeout: 10_000,
    });
    steps.push(['waitForStatus revoked', done.attributes.status, 'links removed']);
  }
  console.log(table(['step', 'status', 'detail'], steps));
  if (!ids) console.log('\n  The operator and the custodian take it on from here (waitForStatus follows them).');
}

async function webhook(prs: PortfolioReporting, connection: Connection, clientId: string) {
  console.log(heading('8. Webhook'));
  if (!connection.mock) {
    const { keys } = await prs.webhooks.keys();
    console.log(
      table(
        ['kid', 'key type'],
        keys.map((k) => [k.kid, `${k.kty} ${k.crv}`]),
      ),
    );
    console.log('\n  Deliveries are signed with these keys; examples/webhook-receiver.ts verifies them.');
    return;
  }
  const signer = createWebhookSigner();
  connection.mock.webhooks.addSigner(signer); // the mock now serves its public key at /v2/webhooks/keys
  const event = {
    type: 'calculated_data.created',
    timestamp: new Date().toISOString().slice(0, 19),
    data: { clientId },
  };
  const delivery = await signer.sign(event);
  const verified = await prs.webhooks.verify(delivery.body, delivery.headers);
  const rows = [
    ['signed delivery', `verified: ${verified.type}`, `clientId ${(verified.data as { clientId: string }).clientId}`],
  ];
  const tampered = delivery.body.replace(clientId, 'another-client');
  const refused = await prs.webhooks.verify(tampered, delivery.headers).then(
    () => 'accepted (unexpected)',
    (error: unknown) =>
      error instanceof WebhookVerificationError ? `refused: ${error.reason}` : Promise.reject(error),
  );
  rows.push(['tampered body', refused, 'same headers, clientId changed']);
  console.log(table(['delivery', 'result', 'detail'], rows));
}

await runExample(async (connection) => {
  const { prs } = connection;
  const tag = runTag(connection);
  const structure = await legalStructure(prs, tag);
  const created = await instruments(prs, tag);
  await prices(prs, created);
  await transactions(prs, structure, created);
  await holdings(prs, connection, structure, created);
  await limits(prs, structure, tag);
  await custodianAuthority(prs, connection, structure);
  await webhook(prs, connection, structure.client.id);
});
