/**
 * What an editor shows (issue 15, item 2), checked with the TypeScript compiler API on a probe file compiled against
 * the sources: hovering a value names its type (`Account`, `BondInstrument`, `InstrumentOf<'bond'>` too), hovering
 * `.attributes` names theirs (`AccountAttributes`), a misspelled read is reported against that name, hovering a field
 * shows its JSDoc from the reference, and a call missing a required input is reported as required in the named
 * input type (`AccountCreateAttributes`, `TransactionListParams`), under the `...Params` type, never in an expanded
 * object.
 * The last block hovers input fields against the built declarations (`dist/*.d.ts`, what a user's editor reads):
 * the declaration build drops the JSDoc of members written inside a zod call, which the sources still show.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileProbe, probeDiagnostics, serviceProbe } from '../helpers/ts-probe.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Virtual: served from memory, resolved as if it were in test/types. */
const probePath = join(root, 'test', 'types', '__hover_probe__.ts');
const probe = `
import type { AssetOf, InstrumentOf, PortfolioReporting, TransactionOf } from '../../src/index.js';
declare const prs: PortfolioReporting;
declare const bondOf: InstrumentOf<'bond'>;
declare const stockOf: AssetOf<'stock'>;
declare const dividendOf: TransactionOf<'dividend'>;
export async function probe() {
  const account = await prs.accounts.retrieve('a');
  const accountCurrency = account.attributes.ccyCode;
  const accountAttributes = account.attributes;
  const misspelledAccount = account.attributes.ccycode;
  const accountLinks = account.relationships;
  const accountDepository = accountLinks?.depository;
  const instrument = await prs.instruments.retrieve('i');
  if (instrument.type === 'bond-instrument') {
    const bond = instrument;
    const coupons = bond.attributes.couponFrequency;
    const bondAttributes = bond.attributes;
    const misspelledBond = bond.attributes.maturityDat;
    void [coupons, bondAttributes, misspelledBond];
  }
  const misspelledUnion = instrument.attributes?.name;
  if (instrument.type === 'loan-instrument') {
    const loanRate = instrument.attributes.interestRateInPercent;
    void loanRate;
  }
  const asset = await prs.assets.retrieve('s');
  const transactions = await prs.transactions.list({ accountId: 'a', fromDate: '2024-01-01', toDate: '2024-12-31' });
  const transaction = transactions[0];
  if (transaction?.type === 'equity-trade-transaction') {
    const trade = transaction;
    void trade;
  }
  const limit = await prs.limits.retrieve('l');
  const limitFilterValue = limit.attributes.limitFilter;
  const limitTypeValue = limit.attributes.limitType;
  if (limitTypeValue.type === 'proportional') {
    const limitBounds = limitTypeValue.values;
    void limitBounds;
  }
  const price = (await prs.instruments.prices.list('i'))[0];
  const rate = (await prs.instruments.interestRates.list('i'))[0];
  const rateValue = rate?.attributes.value;
  const user = await prs.users.retrieve('u');
  const instrumentClass = await prs.instrumentClasses.retrieve('c');
  const client = await prs.clients.retrieve('c');
  const performance = await prs.performance.retrieve('r');
  const webhookKeys = await prs.webhooks.keys();
  const webhookKey = webhookKeys.keys[0];
  const created = await prs.instruments.create({
    type: 'stock-instrument',
    attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
  });
  void [created, accountCurrency, accountAttributes, accountDepository, misspelledAccount, misspelledUnion, bondOf, stockOf, dividendOf, asset, limit, limitFilterValue, price, rateValue, user, instrumentClass, client, performance, webhookKey];

  prs.legalEntities.accounts.create('e', { attributes: { externalIdentifier: 'CH-1' } });
  prs.transactions.create({
    type: 'equity-trade-transaction',
    attributes: { accountAmount: -100, commission: 0, unitPrice: 1, tradeDate: '2024-01-01', valueDate: '2024-01-01' },
    relationships: { account: 'a', asset: 'b', depository: 'c' },
  });
  prs.instruments.prices.create('i', { attributes: { date: '2024-01-01' } });
  prs.instruments.create({
    type: 'stock-instrument',
    attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD' },
  });  prs.transactions.list({ accountId: 'a', fromDate: '2024-01-01' });
}
`;

let program: ts.Program;
let checker: ts.TypeChecker;
let source: ts.SourceFile;
let service: ts.LanguageService;

beforeAll(() => {
  ({ program, checker, source, service } = serviceProbe(root, probePath, probe));
}, 120_000);

/** The variable declared as `name` in the probe. */
function declaration(name: string): ts.VariableDeclaration {
  let found: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`no variable ${name} in the probe`);
  return found;
}

/** What hovering the variable shows as its type. */
function hover(name: string): string {
  return checker.typeToString(checker.getTypeAtLocation(declaration(name).name));
}

/** The JSDoc hovering the property read in `name`'s initializer shows (`account.attributes.ccyCode`). */
function fieldDoc(name: string): string {
  const init = declaration(name).initializer;
  if (!init || !ts.isPropertyAccessExpression(init)) throw new Error(`${name} is not initialised by a property read`);
  const symbol = checker.getSymbolAtLocation(init.name);
  return ts.displayPartsToString(symbol?.getDocumentationComment(checker));
}

/** What an editor's hover shows at the end of the first `at` in the probe (`account.attributes`: on `attributes`). */
function quickInfo(at: string): string {
  const index = probe.indexOf(at);
  if (index < 0) throw new Error(`no ${at} in the probe`);
  const info = service.getQuickInfoAtPosition(probePath, index + at.length - 1);
  return ts.displayPartsToString(info?.displayParts);
}

/** Where go to definition at the end of the first `at` lands: each `file: Container.name`, the file from the root. */
function definitions(at: string): string[] {
  const index = probe.indexOf(at);
  const found = service.getDefinitionAtPosition(probePath, index + at.length - 1) ?? [];
  return found.map((d) => `${relative(root, d.fileName)}: ${d.containerName}.${d.name}`);
}

/** Every diagnostic of the probe, each with its chain and related information as one text. */
function diagnostics(): string[] {
  return probeDiagnostics({ program, checker, source }).map((d) => d.message);
}

describe('hover', () => {
  it('names the type of what a call resolves to', () => {
    expect({
      account: hover('account'),
      instrument: hover('instrument'),
      bond: hover('bond'),
      asset: hover('asset'),
      transaction: hover('transaction'),
      trade: hover('trade'),
      limit: hover('limit'),
      limitFilterValue: hover('limitFilterValue'),
      limitTypeValue: hover('limitTypeValue'),
      price: hover('price'),
      user: hover('user'),
      instrumentClass: hover('instrumentClass'),
      client: hover('client'),
      performance: hover('performance'),
      webhookKeys: hover('webhookKeys'),
      webhookKey: hover('webhookKey'),
      created: hover('created'),
    }).toEqual({
      account: 'Account',
      instrument: 'Instrument',
      bond: 'BondInstrument',
      asset: 'Asset',
      transaction: 'Transaction | undefined',
      trade: 'EquityTradeTransaction',
      limit: 'Limit',
      limitFilterValue: 'LimitFilter',
      limitTypeValue: 'LimitType',
      price: 'Price | undefined',
      user: 'User',
      instrumentClass: 'InstrumentClass',
      client: 'GenericResource',
      performance: 'PerformanceData',
      webhookKeys: 'WebhookKeys',
      webhookKey: 'WebhookKey | undefined',
      created: 'StockInstrument',
    });
  });

  it("shows each field's JSDoc from the reference: meaning, unit, format, allowed values", () => {
    expect(fieldDoc('accountCurrency')).toContain('ISO 4217');
    expect(fieldDoc('coupons')).toMatch(/`quarterly`, `semiannually` or `annually`/);
    expect(fieldDoc('loanRate')).toMatch(/percent.*`1\.5` means 1\.5 %/s);
    expect(fieldDoc('limitBounds')).toMatch(/fractions of the parent limit, 0\.10 = 10 %/);
    expect(fieldDoc('rateValue')).toMatch(/decimal fraction.*`0\.05` means 5 %/s);
  });
});

describe('attributes and kinds, by name', () => {
  it("hover on a resource's attributes names their type; go to definition lands on the named resource", () => {
    expect({
      account: quickInfo('account.attributes'),
      bond: quickInfo('bond.attributes'),
    }).toEqual({
      account: '(property) Account.attributes: AccountAttributes',
      bond: '(property) BondInstrument.attributes: BondInstrumentAttributes',
    });
    expect(hover('accountAttributes')).toBe('AccountAttributes');
    expect(hover('bondAttributes')).toBe('BondInstrumentAttributes');
    // It landed on `attributes: KeptObject<ReadShape<F>>` in src/schemas/resource.ts.
    expect(definitions('account.attributes')).toEqual(['src/schemas/kind-types.generated.ts: Account.attributes']);
    expect(definitions('bond.attributes')).toEqual(['src/schemas/kind-types.generated.ts: BondInstrument.attributes']);
  });

  it("hover on a resource's relationships names their type; a deprecated one is marked so (struck through)", () => {
    expect(quickInfo('account.relationships')).toBe(
      '(property) Account.relationships?: AccountRelationships | undefined',
    );
    expect(hover('accountLinks')).toBe('AccountRelationships | undefined');
    // Each relationship keeps the JSDoc of its table: what it links to, and `@deprecated` where the reference says so.
    const depository = service.getQuickInfoAtPosition(probePath, probe.indexOf('?.depository;') + 2);
    expect(ts.displayPartsToString(depository?.documentation)).toMatch(/^The linked depository/);
    expect(depository?.tags?.map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`)).toEqual([
      '@deprecated The reference deprecates it on accounts: read `depositories`, which holds the same single\n' +
        'depository while the service still sends this one.',
    ]);
    // What an editor strikes through: the checker's suggestion that the member is deprecated, at the read.
    const deprecated = service
      .getSuggestionDiagnostics(probePath)
      .filter((d) => d.reportsDeprecated)
      .map((d) => `${probe.slice(d.start, (d.start ?? 0) + (d.length ?? 0))}: ${d.messageText}`);
    expect(deprecated).toEqual(["depository: 'depository' is deprecated."]);
  });

  it('the public helpers of one kind hover as its named type', () => {
    expect({
      bondOf: quickInfo('const bondOf'),
      stockOf: quickInfo('const stockOf'),
      dividendOf: quickInfo('const dividendOf'),
    }).toEqual({
      bondOf: 'const bondOf: BondInstrument',
      stockOf: 'const stockOf: StockAsset',
      dividendOf: 'const dividendOf: DividendTransaction',
    });
  });

  it('a misspelled read names the attributes type and suggests the field', () => {
    const messages = diagnostics();
    const about = (field: string) => messages.filter((m) => m.includes(`Property '${field}' does not exist`));
    expect(about('ccycode')).toEqual([
      "Property 'ccycode' does not exist on type 'AccountAttributes'. Did you mean 'ccyCode'?",
    ]);
    expect(about('maturityDat')).toEqual([
      "Property 'maturityDat' does not exist on type 'BondInstrumentAttributes'. Did you mean 'maturityDate'?",
    ]);
    // On the un-narrowed union, the message names the union's members and the kind that lacks the field (an
    // `other-instrument` has no `name`), where it showed an anonymous `{ securityIdentifier: string; … }`.
    expect(about('name')).toEqual([
      "Property 'name' does not exist on type 'OtherInstrumentAttributes | BondInstrumentAttributes | " +
        "IndexLinkedBondInstrumentAttributes | ... 8 more ... | PrivateMarketFundCommitmentBasedInstrumentAttributes'.\n" +
        "  Property 'name' does not exist on type 'OtherInstrumentAttributes'.",
    ]);
  });
});

describe('a call missing a required input', () => {
  it('is reported as required in the named input type, never in an expanded object type', () => {
    // The misspelled reads above: 3; the calls below: 5.
    const messages = diagnostics().filter((m) => !m.includes('does not exist on type'));
    expect(diagnostics()).toHaveLength(8);
    expect(messages).toHaveLength(5);
    /** The message of the diagnostic that reports `field` missing, and the type it names as requiring it. */
    const missing = (field: string) => {
      const message = messages.find((m) => m.includes(`Property '${field}' is missing`)) ?? '';
      return { message, requiredIn: /but required in type '([^']*)'/.exec(message)?.[1] };
    };
    const account = missing('ccyCode');
    expect(account.requiredIn).toBe('AccountCreateAttributes');
    expect(account.message).toContain('AccountCreateParams');
    expect(missing('units').requiredIn).toBe('EquityTradeTransactionCreateAttributes');
    expect(missing('value').requiredIn).toBe('PriceCreateAttributes');
    // `TransactionListParams` is those fields with the account-or-depository rule (an intersection).
    expect(missing('toDate').requiredIn).toBe('TransactionListFields');
    // A stock instrument: `type` picks the kind, so the stock's attributes, not the identical mutual fund's
    // (test/types/kind-errors.test.ts checks every family).
    expect(missing('countryCode').requiredIn).toBe('StockInstrumentCreateAttributes');
    // Only the caller's own literals are spelled out: every type the SDK declares is named.
    for (const message of messages) expect(message).not.toMatch(/(to type|required in type) '\{ /);
  });
});

/**
 * Hovering a field of a public type, as a user's editor does: against the built declarations (`dist/index.d.ts`,
 * so `npm run build` first), not the sources. Each row: `Type.path.to.field` → a distinctive part of its JSDoc.
 */
const DOCUMENTED_FIELDS: Record<string, RegExp> = {
  'TransactionListParams.accountId': /id of the account whose transactions/,
  'TransactionListParams.depositoryId': /id of the depository whose transactions/,
  'TransactionListParams.fromDate': /First date.*`YYYY-MM-DD`, included/s,
  'TransactionListParams.toDate': /Last date.*`YYYY-MM-DD`, included/s,
  'HoldingsListParams.fromDate': /First date.*`YYYY-MM-DD`.*before `toDate`/s,
  'HoldingsListParams.toDate': /Last date.*`YYYY-MM-DD`/s,
  'HoldingsListParams.expand': /`assetClassesDetailed`/,
  'HoldingsListParams.include': /`\['asset'\]`/,
  'AssetHoldingsListParams.fromDate': /First date.*`YYYY-MM-DD`/s,
  'AssetHoldingsListParams.toDate': /Last date.*`YYYY-MM-DD`/s,
  'AssetHoldingsListParams.include': /`\['asset'\]`/,
  'LimitStatusParams.date': /date of the status.*`YYYY-MM-DD`/s,
  'LinkParams.type': /`depository` or `account`/,
  'LinkParams.resourceNumber': /number at the custodian/,
  'CustodianAuthorityCreateParams.custodianAuthFlowId': /auth flow/,
  'ConsentParams.legalEntityIdentifier': /registration number/,
  'ConsentParams.custodianIdentifier': /custodian's `identifier`/,
  'ConsentParams.consentType': /`all`.*`specific`/s,
  'ConsentParams.files': /`consentFiles\(uploadedFiles\)`/,
  'ConsentParams.depositoryNumbers': /depository numbers at the custodian/,
  'ConsentParams.accountNumbers': /account numbers at the custodian/,
  'ConsentFile.name': /`expectedFiles`/,
  'ConsentFile.hashAlgorithm': /`sha2-256` or `sha3-256`/,
  'ConsentFile.hashValue': /64 hexadecimal digits/,
  'RevokeResult.custodianAuthorityId': /custodian authority/,
  'RevokeResult.status': /`revoke-in-progress`/,
  'DepositoryCreateParams.relationships.accounts': /Exactly one existing account/,
  'UserUpdateParams.relationships.readAccessToReportingEntities': /reporting entities the user can view/,
  'AssetClassDetailed.relationships.assetClass': /asset class this detailed asset class belongs to/,
  'InstrumentClassDetailed.relationships.instrumentClass': /instrument class this detailed instrument class/,
  'AccountWithResponse.response': /HTTP response/,
  'AccountWithResponse.data': /decoded result/,
  // `limitType.proportional({ min, max })`, `limitType.absolute(…)`, and the bounds of the `LimitTypeInput` they build.
  'ProportionalBounds.min': /fraction of the parent limit/,
  'AbsoluteBounds.max': /amount in the limit's `ccyCode`/,
  'ProportionalLimitTypeInput.values.min': /Lower bound/,
  'AbsoluteLimitTypeInput.values.max': /Upper bound/,
  // The JSON:API envelope, documented once (resources, relationships, create inputs).
  'Account.id': /id: an opaque string the service assigns/,
  'Account.type': /JSON:API type/,
  'Account.attributes': /`account`'s fields.*`attributesOf`/s,
  'BondInstrument.attributes': /`bond-instrument`'s fields/,
  'AccountAttributes.ccyCode': /ISO 4217/,
  'BondInstrumentAttributes.couponFrequency': /`quarterly`, `semiannually` or `annually`/,
  'Account.relationships': /related resources/,
  'Holding.relationships.reportingEntity.data.id': /id of the related resource/,
  'ToMany.data': /related resources, each `\{ type, id \}`/,
  'StockInstrumentCreateParams.type': /kind to create/,
  'StockInstrumentCreateParams.attributes': /new resource's fields/,
  'DividendTransactionCreateParams.relationships': /related resources/,
};
/** Names in the table above that are not exported types: what each stands for. */
const PROBE_TYPES: Record<string, string> = {
  AccountWithResponse: 'WithResponse<Account>',
  ProportionalBounds: 'Parameters<typeof limitType.proportional>[0]',
  AbsoluteBounds: 'Parameters<typeof limitType.absolute>[0]',
  ProportionalLimitTypeInput: "Extract<LimitTypeInput, { type: 'proportional' }>",
  AbsoluteLimitTypeInput: "Extract<LimitTypeInput, { type: 'absolute' }>",
};

describe('hover against the built declarations', () => {
  const distPath = join(root, 'dist', 'index.d.ts');
  const distProbePath = join(root, 'test', 'types', '__hover_dist_probe__.ts');
  const rows = Object.keys(DOCUMENTED_FIELDS).map((key) => {
    const [name = '', ...path] = key.split('.');
    return { key, name, path };
  });
  const names = [...new Set(rows.map((r) => r.name))];
  const exported = names.filter((n) => !(n in PROBE_TYPES));
  const distProbe = [
    `import type { ${[...new Set([...exported, 'limitType', 'Account', 'LimitTypeInput', 'WithResponse'])].join(', ')} } from '../../dist/index.js';`,
    ...Object.entries(PROBE_TYPES).map(([n, t]) => `type ${n} = ${t};`),
    ...names.map((n) => `declare const v_${n}: ${n};`),
    ...rows.map((r, i) => `export const field${i} = v_${r.name}${r.path.map((p) => `?.${p}`).join('')};`),
  ].join('\n');

  it("shows each input field's JSDoc: meaning, unit, format, allowed values", () => {
    if (!existsSync(distPath)) throw new Error('dist/index.d.ts is missing: run `npm run build` first');
    // `paths: {}`: the probe imports the built declarations, not the sources the project's paths map to.
    const probe = compileProbe(root, distProbePath, distProbe, { paths: {} });
    const { checker: distChecker, source: file } = probe;
    const errors = probeDiagnostics(probe).map((d) => d.message);
    expect(errors).toEqual([]);
    const docs: Record<string, string> = {};
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const decl = statement.declarationList.declarations[0];
      const index = decl && ts.isIdentifier(decl.name) ? /^field(\d+)$/.exec(decl.name.text)?.[1] : undefined;
      if (index === undefined || !decl?.initializer || !ts.isPropertyAccessExpression(decl.initializer)) continue;
      const symbol = distChecker.getSymbolAtLocation(decl.initializer.name);
      docs[rows[Number(index)]?.key ?? ''] = ts.displayPartsToString(symbol?.getDocumentationComment(distChecker));
    }
    const missing = Object.entries(DOCUMENTED_FIELDS)
      .filter(([key, doc]) => !doc.test(docs[key] ?? ''))
      .map(([key]) => `${key}: ${JSON.stringify(docs[key] ?? '(not probed)')}`);
    expect(missing).toEqual([]);
  });

  it('documents every relationship of every named relationships type, and marks the deprecated one', () => {
    if (!existsSync(distPath)) throw new Error('dist/index.d.ts is missing: run `npm run build` first');
    const text = "import type * as sdk from '../../dist/index.js';\nexport type { sdk };\n";
    const probe = compileProbe(root, distProbePath, text, { paths: {} });
    const { checker: distChecker, program: distProgram } = probe;
    const module = distChecker.getSymbolAtLocation(distProgram.getSourceFile(distPath) as ts.SourceFile);
    // The index re-exports them from a chunk: each export is an alias of its interface.
    const named = distChecker
      .getExportsOfModule(module as ts.Symbol)
      .map((s) => (s.flags & ts.SymbolFlags.Alias ? distChecker.getAliasedSymbol(s) : s))
      .filter((s) => s.name.endsWith('Relationships') && s.flags & ts.SymbolFlags.Interface);
    // A resource's (`AccountRelationships`) and a create's (`DividendTransactionCreateRelationships`).
    expect(named.length).toBeGreaterThan(60);
    const undocumented: string[] = [];
    const deprecated: string[] = [];
    for (const symbol of named) {
      for (const member of distChecker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
        if (!ts.displayPartsToString(member.getDocumentationComment(distChecker)).trim())
          undocumented.push(`${symbol.name}.${member.name}`);
        if (member.getJsDocTags(distChecker).some((tag) => tag.name === 'deprecated'))
          deprecated.push(`${symbol.name}.${member.name}`);
      }
    }
    expect(undocumented).toEqual([]);
    expect(deprecated).toEqual(['AccountRelationships.depository']);
  });
});
