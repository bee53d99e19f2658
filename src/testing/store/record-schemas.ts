/**
 * What `restoreSnapshot` holds a snapshot's records to, beyond its frame: each table's record shape as a zod schema
 * (closed objects, one per table of `MockStore`, each proved equal to its interface in records.ts both ways by
 * test/types/records.test-d.ts), and the references between tables that the mock itself keeps whole. The tables'
 * `add()` hold the records they store to the same schemas and references (`addedRecord`). Built on first use.
 */
import * as z from 'zod/mini';
import { mustBe } from '../../core/describe.js';
import { collectIssues } from '../../core/issues.js';
import { ValidationError, type ValidationIssue } from '../../core/validation-error.js';
import { type Endpoint, endpoints } from '../../endpoints.js';
import { CUSTODIAN_AUTHORITY_STATUSES } from '../../schemas/custodian-values.js';
import { dateString, rule, type Schema } from '../../schemas/fields.js';
import { genericAttributes } from '../../schemas/generic.js';
import { INSTRUMENT_KINDS, instrumentSchemas } from '../../schemas/instruments.js';
import { type KindDispatch, kindDispatch } from '../../schemas/kinds.js';
import { type Find, misfits } from './fits.js';
import type { InstrumentKind, InstrumentRecord, Relationships, TransactionRecord } from './records.js';
import { namedIn } from './relationships.js';
import type { MockStore } from './store.js';
import type { Table } from './table.js';

/**
 * The schemas of every table's records, by the table's name in `mock.store`, and of the objects records nest; made on
 * the first call. (Not `once()` of src/schemas/lazy.ts, nor the schemas' `currencyCode` and `IDENTITY_PROVIDERS`: an
 * import the client's schema chunk does not already export would grow that chunk, which the client loads too. So the
 * transactions' read schemas are the endpoint row's, as the create rules are: src/testing/http/create-rule.ts.)
 */
export function recordSchemas(): RecordSchemas {
  made ??= makeRecordSchemas();
  return made;
}
let made: RecordSchemas | undefined;
type RecordSchemas = ReturnType<typeof makeRecordSchemas>;

function makeRecordSchemas() {
  const id = z.string();
  /** ISO date-time, as `Date.parse` (which the mock reads it with) reads it. */
  const dateTime = z
    .string()
    .check(z.refine((value) => !Number.isNaN(Date.parse(value)), rule('an ISO 8601 date-time')));
  const ident = z.strictObject({ type: z.string(), id: z.string() });
  const relationships = z.record(z.string(), z.strictObject({ data: z.nullable(z.union([ident, z.array(ident)])) }));
  const linkStatus = z.enum(['in-progress', 'active']);
  const linkedDepository = z.strictObject({
    depositoryNumber: z.string(),
    depositoryId: z.nullable(z.string()),
    status: linkStatus,
  });
  const linkedAccount = z.strictObject({
    accountNumber: z.string(),
    accountId: z.nullable(z.string()),
    status: linkStatus,
  });
  const consent = z.strictObject({
    consentType: z.enum(['all', 'specific']),
    legalEntityIdentifier: z.string(),
    depositoryNumbers: z.array(z.string()),
    accountNumbers: z.array(z.string()),
  });
  const series = z.strictObject({
    id,
    instrumentId: z.string(),
    date: dateString,
    value: z.number(),
    provider: z.enum(['client', 'operator']),
  });
  const bound = z.optional(z.nullable(z.number()));
  const tables = {
    clients: z.strictObject({ id, attributes: genericAttributes }),
    reportingEntities: z.strictObject({ id, clientId: z.string(), attributes: genericAttributes }),
    portfolios: z.strictObject({ id, reportingEntityId: z.string(), attributes: genericAttributes }),
    legalEntities: z.strictObject({ id, clientId: z.string(), name: z.string() }),
    accounts: z.strictObject({
      id,
      legalEntityId: z.string(),
      name: z.optional(z.string()),
      externalIdentifier: z.string(),
      ccyCode: z.string(),
      excludeFromReporting: z.boolean(),
      depositoryIds: z.array(z.string()),
    }),
    depositories: z.strictObject({
      id,
      legalEntityId: z.string(),
      name: z.optional(z.string()),
      externalIdentifier: z.string(),
    }),
    users: z.strictObject({
      id,
      clientId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      contactEmail: z.string(),
      readAccessToReportingEntities: z.array(z.string()),
    }),
    invites: z.strictObject({
      id,
      userId: z.string(),
      state: z.enum(['valid', 'used', 'expired', 'cancelled']),
      link: z.string(),
      restrictedToIdentityProvider: z.enum(['', 'apple', 'google', 'microsoft']),
      restrictedToEmail: z.string(),
      expiration: dateTime,
    }),
    custodians: z.strictObject({ id, identifier: z.string(), name: z.string(), country: z.string() }),
    authFlows: z.strictObject({
      id,
      custodianId: z.string(),
      expectedFiles: z.array(z.string()),
      supersededBy: z.optional(z.string()),
    }),
    custodianAuthorities: z.strictObject({
      id,
      legalEntityId: z.string(),
      custodianId: z.string(),
      custodianAuthFlowId: z.string(),
      status: z.enum(CUSTODIAN_AUTHORITY_STATUSES),
      pendingFiles: z.array(z.string()),
      linkedDepositories: z.array(linkedDepository),
      linkedAccounts: z.array(linkedAccount),
      consent: z.optional(consent),
    }),
    custodianAuthorityFiles: z.strictObject({
      id,
      custodianAuthorityId: z.string(),
      name: z.string(),
      filename: z.string(),
      hash: z.string(),
      uploadedAt: dateTime,
      size: z.number(),
    }),
    instrumentClasses: z.strictObject({ id, name: z.string() }),
    detailedInstrumentClasses: z.strictObject({ id, name: z.string(), instrumentClassId: z.string() }),
    instruments: z.strictObject({
      id,
      kind: z.enum(Object.keys(INSTRUMENT_KINDS) as [InstrumentKind, ...InstrumentKind[]]),
      attributes: genericAttributes,
      relationships,
      instrumentClassId: z.optional(z.string()),
      detailedInstrumentClassId: z.optional(z.string()),
      reportingEntityId: z.optional(z.string()),
    }),
    commitments: z.strictObject({ id, instrumentId: z.string(), date: dateString, value: z.number() }),
    prices: series,
    interestRates: series,
    indexFactors: series,
    netAssetValues: z.strictObject({
      id,
      instrumentId: z.string(),
      officialDate: dateString,
      effectiveDate: dateString,
      value: z.number(),
      priceId: z.string(),
    }),
    positions: z.strictObject({
      id,
      reportingEntityId: z.string(),
      portfolioId: z.string(),
      depositoryId: z.optional(z.string()),
      instrumentId: z.string(),
      units: z.number(),
      fromDate: z.optional(dateString),
      toDate: z.optional(dateString),
    }),
    transactions: z.strictObject({ id, type: z.string(), attributes: genericAttributes, relationships }),
    limits: z.strictObject({
      id,
      clientId: z.string(),
      parentLimitId: z.optional(z.string()),
      name: z.string(),
      ccyCode: z.string(),
      startDate: dateString,
      limitFilter: z.unknown(),
      limitType: z.strictObject({
        type: z.string(),
        values: z.optional(z.strictObject({ min: bound, max: bound })),
      }),
    }),
    custodianHoldings: z.strictObject({ id, legalEntityId: z.string(), attributes: genericAttributes }),
  };
  // What the client decodes a listed transaction with: the read schema of each type the SDK knows.
  const { resource } = (endpoints['transactions.list'] as Endpoint).response as { resource: Schema };
  const servedTransactions = (kindDispatch(resource) as KindDispatch).members;
  // A transaction's `type` is a string in its record (as served: a newer kind would read as an unknown resource),
  // held to the kinds the SDK knows, as an instrument's `kind` is: the mock serves those alone.
  const transactionType = z.enum([...servedTransactions.keys()] as [string, ...string[]]);
  /** What an input member naming records to link is (`addedRecord`'s `linked`). */
  const ids = z.optional(z.array(z.string()));
  return { tables, ident, linkedDepository, linkedAccount, consent, transactionType, ids, servedTransactions };
}

type Row = Record<string, unknown>;

/** The name of a table of `MockStore`. */
export type TableName = { [K in keyof MockStore]: MockStore[K] extends Table<infer _> ? K : never }[keyof MockStore];
type RecordOf<T extends TableName> = MockStore[T] extends Table<infer R> ? R : never;
/** Marks JSON:API relationships: each identifier's `data.type` names the table (`namedIn`, by the kind tables). */
const BY_TYPE = 'the table its data.type names';
/**
 * Where a member names records: the table (an id, or a list of ids), in a list of objects each object's members', or
 * in relationships the table of each identifier's type.
 */
type ReferencesOf<R> = {
  [M in keyof R]?: NonNullable<R[M]> extends Relationships
    ? typeof BY_TYPE
    : NonNullable<R[M]> extends readonly (infer E)[]
      ? E extends object
        ? ReferencesOf<E>
        : TableName
      : TableName;
};

/**
 * The members that name a record of a table (an id, or a list of ids; in a list of objects, a member of each; in the
 * `relationships` of instruments and transactions, each identifier, whose type names the table), by table: the
 * references the mock keeps whole, refusing to delete a record still named (a client with legal entities, a NAV's
 * price, an account a transaction names) or deleting what names it (an instrument's prices), taking the id out of a
 * list (a user's read access) or clearing it (a position's depository, a custodian authority's link). Not here: the
 * ids in a limit filter, and an identifier of a type the kind tables do not name (left unchecked).
 */
const REFERENCES: { [T in TableName]?: ReferencesOf<RecordOf<T>> } = {
  reportingEntities: { clientId: 'clients' },
  portfolios: { reportingEntityId: 'reportingEntities' },
  legalEntities: { clientId: 'clients' },
  accounts: { legalEntityId: 'legalEntities', depositoryIds: 'depositories' },
  depositories: { legalEntityId: 'legalEntities' },
  users: { clientId: 'clients', readAccessToReportingEntities: 'reportingEntities' },
  invites: { userId: 'users' },
  authFlows: { custodianId: 'custodians', supersededBy: 'authFlows' },
  custodianAuthorities: {
    legalEntityId: 'legalEntities',
    custodianId: 'custodians',
    custodianAuthFlowId: 'authFlows',
    linkedDepositories: { depositoryId: 'depositories' },
    linkedAccounts: { accountId: 'accounts' },
  },
  custodianAuthorityFiles: { custodianAuthorityId: 'custodianAuthorities' },
  detailedInstrumentClasses: { instrumentClassId: 'instrumentClasses' },
  instruments: {
    instrumentClassId: 'instrumentClasses',
    detailedInstrumentClassId: 'detailedInstrumentClasses',
    reportingEntityId: 'reportingEntities',
    relationships: BY_TYPE,
  },
  commitments: { instrumentId: 'instruments' },
  prices: { instrumentId: 'instruments' },
  interestRates: { instrumentId: 'instruments' },
  indexFactors: { instrumentId: 'instruments' },
  netAssetValues: { instrumentId: 'instruments', priceId: 'prices' },
  positions: {
    reportingEntityId: 'reportingEntities',
    portfolioId: 'portfolios',
    depositoryId: 'depositories',
    instrumentId: 'instruments',
  },
  transactions: { relationships: BY_TYPE },
  limits: { clientId: 'clients', parentLimitId: 'limits' },
  custodianHoldings: { legalEntityId: 'legalEntities' },
};

/**
 * The first broken rule of a snapshot's records, whose frame is checked (tables of the store, records with unique
 * ids), worded as `SnapshotError`'s problem; undefined when there is none. Each record is checked against its table's
 * schema first (every table), then its references: an id must be one of the snapshot's records of the table named,
 * as the snapshot replaces every table (a table it leaves out is empty); last whether the records it names fit it
 * (fits.ts: a depository of another legal entity, a NAV of no fund).
 */
export function recordsProblem(tables: readonly [string, readonly { id: string }[]][]): string | undefined {
  for (const [name, records] of tables)
    for (let row = 0; row < records.length; row++) {
      const issue = recordIssues(name, records[row], `tables.${name}[${row}]`)[0];
      if (issue) return `${issue.path}: ${issue.message}`;
    }
  const ids = new Map(tables.map(([name, records]) => [name, new Set(records.map((record) => record.id))]));
  const has = (table: string, id: string) => ids.get(table)?.has(id) === true;
  for (const [name, records] of tables)
    for (let row = 0; row < records.length; row++) {
      const [missing] = missingReferences(name, records[row], `tables.${name}[${row}]`, has);
      if (missing)
        return `${missing.path}: ${JSON.stringify(missing.id)} is not the id of a record in tables.${missing.table}`;
    }
  const byId = new Map(tables.map(([name, records]) => [name, new Map(records.map((record) => [record.id, record]))]));
  const find: Find = (table, id) => byId.get(table)?.get(id) as Row | undefined;
  for (const [name, records] of tables)
    for (let row = 0; row < records.length; row++) {
      const [misfit] = misfits(find, name as TableName, records[row] as Row, `tables.${name}[${row}]`);
      if (misfit) return `${misfit.path}: ${misfit.message}`;
    }
  return undefined;
}

/**
 * A record's issues by its table's rules, paths from `at` with list indexes in brackets: its table's schema, then for
 * an instrument of a known kind its attributes, and for a transaction its type, attributes and relationships, against
 * that kind's as the service reports them (what the client decodes a served record with: `countryCode` missing from a
 * stock, or `tax` from a dividend, would be a `ResponseValidationError` on read).
 * `filled`: members the store fills itself, left out of the rules (and refused when given, as any unknown member).
 */
function recordIssues(name: string, record: unknown, at: string, filled: readonly string[] = []): ValidationIssue[] {
  const issues = collectIssues(schemaOf(name, filled), record, at);
  if (!issues.length && name === 'instruments') {
    const { kind, attributes } = record as InstrumentRecord;
    const served = instrumentSchemas[`${kind}-instrument`] as unknown as { shape: { attributes: Schema } };
    issues.push(...collectIssues(served.shape.attributes, attributes, member(at, 'attributes')));
  }
  if (!issues.length && name === 'transactions') {
    // The record is the resource as served (the route renders its members as they are): the kind's read schema.
    const { type, attributes, relationships } = record as TransactionRecord;
    issues.push(...collectIssues(recordSchemas().transactionType, type, member(at, 'type')));
    const served = recordSchemas().servedTransactions.get(type) as unknown as { shape: Record<string, Schema> };
    if (served)
      issues.push(
        ...collectIssues(served.shape.attributes as Schema, attributes, member(at, 'attributes')),
        ...collectIssues(served.shape.relationships as Schema, relationships, member(at, 'relationships')),
      );
  }
  return issues.map((issue) => ({ path: indexed(issue.path), message: issue.message }));
}

/** The path of `name` within the object at `at` (`at` empty: the record itself). */
function member(at: string, name: string): string {
  return at ? `${at}.${name}` : name;
}

/** A table's schema, less the members the store fills (made once per table and list of members). */
function schemaOf(name: string, filled: readonly string[]): Schema {
  const schema = (recordSchemas().tables as unknown as Record<string, z.ZodMiniObject>)[name] as z.ZodMiniObject;
  if (!filled.length) return schema;
  const key = `${name} ${filled.join(' ')}`;
  const less = lessFilled.get(key) ?? z.omit(schema, Object.fromEntries(filled.map((m) => [m, true])));
  lessFilled.set(key, less);
  return less;
}
const lessFilled = new Map<string, Schema>();

/**
 * The tables whose `add()` takes `attributes` as optional, none given being `{}`: resources whose attributes the
 * reference does not show (src/schemas/generic.ts), so there is nothing to require.
 */
const EMPTY_BY_DEFAULT: readonly TableName[] = ['clients', 'reportingEntities', 'portfolios'];

/**
 * The record a table's `add()` (or `addChecked()`) is about to store, checked by the rules `restoreSnapshot` holds a
 * snapshot's records to, before anything is stored or an id drawn: its table's schema and its kind's (`recordIssues`),
 * then the ids it names, each of a record the store holds (`REFERENCES`, as the snapshot's are), and an id the caller
 * gives (an auth flow's), one no record of the table has (it replaced that record without a word); last whether the
 * records it names fit it, by the routes' rules (fits.ts). `make` builds the
 * record from the input (an object) with the defaults `add()` fills (but the `attributes` of `EMPTY_BY_DEFAULT`'s
 * tables, filled here), without the members in `filled`, which the store fills itself (the id first). `linked`:
 * members of the input that are not of the record but name records to link (a depository's `accountIds`), each a list
 * of ids of the table given. A broken rule is a `ValidationError` naming
 * the method, the member and the rule, worded as the snapshot's: `mock.store.instruments.add(): kind: must be one of
 * "bond", …, got "stok"`, `mock.store.commitments.add(): instrumentId: no instrument "ins_x"`.
 */
export function addedRecord<I, R>(
  store: MockStore,
  name: TableName,
  method: string,
  input: I,
  make: (input: I) => R,
  filled: readonly string[] = ['id'],
  linked: { [member: string]: TableName } = {},
): R {
  const what = `mock.store.${name}.${method}()`;
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new ValidationError(what, [{ path: '', message: mustBe('an object', input) }], '');
  const record = make(input);
  if (EMPTY_BY_DEFAULT.includes(name)) (record as { attributes?: unknown }).attributes ??= {};
  const issues = recordIssues(name, record, '', filled);
  for (const link of Object.keys(linked))
    for (const issue of collectIssues(recordSchemas().ids, (input as Record<string, unknown>)[link], link))
      issues.push({ path: indexed(issue.path), message: issue.message });
  if (issues.length) throw new ValidationError(what, issues, '');
  const tables = store as unknown as Record<string, Table<{ id: string }>>;
  const { id } = record as { id?: unknown };
  if (!filled.includes('id') && typeof id === 'string' && tables[name]?.get(id))
    issues.push({
      path: 'id',
      message: `${JSON.stringify(id)} is the id of a ${tables[name].label} already; ids are unique in a table`,
    });
  const has = (table: string, id: string) => tables[table]?.get(id) !== undefined;
  const missing = [...missingReferences(name, record, '', has), ...missingIn(input, linked as References, '', has)];
  for (const m of missing)
    issues.push({ path: m.path, message: `no ${tables[m.table]?.label} ${JSON.stringify(m.id)}` });
  // Then whether the records it names fit it, by the rules the routes refuse a request by.
  const find: Find = (table, id) => tables[table]?.get(id);
  if (!issues.length) issues.push(...misfits(find, name, record as Row, '', input as Row));
  if (issues.length) throw new ValidationError(what, issues, '');
  return record;
}

/**
 * A path with each list index in brackets, as the snapshot's own (`tables.prices[0]`): the issues' and relationships'
 * paths write them as members (`linkedAccounts.0.status` → `linkedAccounts[0].status`). No member of a record is a
 * number; only the path before the first `:` is rewritten.
 */
function indexed(problem: string): string {
  const colon = problem.indexOf(':');
  const path = colon < 0 ? problem : problem.slice(0, colon);
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]') + (colon < 0 ? '' : problem.slice(colon));
}

/** A record's (or a nested object's) members that name records, as in `REFERENCES`, without their types. */
interface References {
  [member: string]: string | References;
}

/** An id a record names that is not of a record of the table named: where (list indexes in brackets), the table, the id. */
interface Missing {
  path: string;
  table: string;
  id: string;
}

/** The ids a record of table `name` names (by `REFERENCES`) that `has` does not find, in the order of its members. */
function missingReferences(
  name: string,
  record: unknown,
  at: string,
  has: (table: string, id: string) => boolean,
): Missing[] {
  return missingIn(record, (REFERENCES as Record<string, References>)[name] ?? {}, at, has);
}

/** The ids `record` names by `references` that `has` does not find; `at` is its path. */
function missingIn(
  record: unknown,
  references: References,
  at: string,
  has: (table: string, id: string) => boolean,
): Missing[] {
  const out: Missing[] = [];
  for (const [name, target] of Object.entries(references)) {
    const value = (record as Record<string, unknown> | undefined)?.[name];
    // [path, table, id] of each record named; a list of objects is looked into.
    const named: [string, string | References, unknown][] =
      target === BY_TYPE
        ? namedIn((value ?? {}) as Relationships).map((n) => [member(at, n.path), n.table, n.id])
        : Array.isArray(value)
          ? value.map((id, i) => [member(at, `${name}.${i}`), target, id])
          : [[member(at, name), target, value]];
    for (const [path, table, id] of named)
      if (typeof table === 'object') out.push(...missingIn(id, table, path, has));
      else if (typeof id === 'string' && !has(table, id)) out.push({ path: indexed(path), table, id });
  }
  return out;
}
