/**
 * The mock's state: one table per resource, the id generator and the clock. `reset()` empties every
 * table, restarts the ids, and runs the default seed and the caller's seed again.
 */
import { refuseExtraArgumentsOf } from '../../core/api.js';
import { extraArguments } from '../../core/arity.js';
import { mustBe } from '../../core/describe.js';
import { ValidationError, type ValidationIssue } from '../../core/validation-error.js';
import { drawnAfter, IdGenerator } from '../ids.js';
import { AuthFlows, AuthorityFiles, CustodianAuthorities, Custodians } from './custodians.js';
import { seedDefaults } from './defaults.js';
import {
  Commitments,
  DetailedInstrumentClasses,
  InstrumentClasses,
  Instruments,
  NetAssetValues,
  Positions,
  Series,
} from './instruments.js';
import { CustodianHoldings, Limits } from './limits.js';
import { recordsProblem } from './record-schemas.js';
import { Accounts, Clients, Depositories, LegalEntities, Portfolios, ReportingEntities } from './structure.js';
import type { Table } from './table.js';
import { Transactions } from './transactions.js';
import { Invites, Users } from './users.js';

/** Seeds the store; runs at creation and after every `reset()`, after the default seed. */
export type Seed = (store: MockStore) => void;

export interface StoreOptions {
  seed?: Seed;
  now?: () => Date;
  inviteBaseUrl?: string;
}

/**
 * The mock's state (`mock.store`): one table per resource, the id generator and the clock. Seed it before a
 * test, inspect it after; `reset()` returns to the seeded state.
 * @example
 * const mock = createMockService();
 * const client = mock.store.clients.add({ name: 'Berg' });
 * const le = mock.store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
 * mock.reset(); // back to the seed: mock.store.legalEntities.get(le.id) is undefined
 */
export class MockStore {
  // The three members below are the tables' machinery, not for tests to use: `@internal` keeps them out of the
  // published declarations (tsup's `stripInternal`), so `mock.store.` completes to the tables and `reset` alone.
  // The clock and the invite base are set through `createMockService({ now, inviteBaseUrl })`.
  /**
   * @internal Makes the ids of new records in the service's formats; restarted on `reset()`, so ids repeat run
   * after run.
   */
  readonly ids = new IdGenerator();
  /** @internal The mock's clock (invite expiration, upload times, default dates). */
  readonly now: () => Date;
  /** @internal Invite links are `<inviteBaseUrl>/-/invite/<token>`. */
  readonly inviteBaseUrl: string;

  /** Clients (`client`). */
  readonly clients = new Clients(this);
  /** Reporting entities of clients (`reporting-entity`). */
  readonly reportingEntities = new ReportingEntities(this);
  /** Portfolios of reporting entities (`portfolio`). */
  readonly portfolios = new Portfolios(this);
  /** Legal entities of clients (`legal-entity`). */
  readonly legalEntities = new LegalEntities(this);
  /** Accounts of legal entities (`account`). */
  readonly accounts = new Accounts(this);
  /** Depositories of legal entities (`depository`). */
  readonly depositories = new Depositories(this);
  /** Users of clients (`user`). */
  readonly users = new Users(this);
  /** Users' invites (`invite`); `setState()` makes the moves the service makes by itself. */
  readonly invites = new Invites(this);
  /** Custodians (`custodian`); the default seed adds `nordbank` and `alpen-privatbank`. */
  readonly custodians = new Custodians(this);
  /**
   * Custodian auth flows (`custodian-auth-flow`): the files each requires; the default seed adds one per custodian and
   * an outdated `nordbank-v1`.
   */
  readonly authFlows = new AuthFlows(this);
  /** Custodian authorities (`custodian-authority`); `advance()` makes the operator's and the custodian's moves. */
  readonly custodianAuthorities = new CustodianAuthorities(this);
  /** Files uploaded to custodian authorities (`custodian-authority-file`). */
  readonly custodianAuthorityFiles = new AuthorityFiles();
  /** Instrument classes (`instrument-class`); the default seed adds five, from `Equities` to `Other`. */
  readonly instrumentClasses = new InstrumentClasses(this);
  /**
   * Detailed instrument classes (`instrument-class-detailed`); each instrument kind falls in a seeded one by default.
   */
  readonly detailedInstrumentClasses = new DetailedInstrumentClasses(this);
  /** Instruments of every kind, served as v3 instruments and v2 assets. */
  readonly instruments = new Instruments(this);
  /** Commitments to private market funds (`commitment`). */
  readonly commitments = new Commitments(this);
  /** Prices (`price`) of instruments. */
  readonly prices = new Series(this, 'price');
  /** Interest rates (`interest-rate`) of instruments. */
  readonly interestRates = new Series(this, 'interest-rate');
  /** Index factors (`index-factor`) of instruments. */
  readonly indexFactors = new Series(this, 'index-factor');
  /** Net asset values (`net-asset-value`), each with the price entry it sets. */
  readonly netAssetValues = new NetAssetValues(this);
  /** Positions: the holdings, performance and limit statuses are computed from them. */
  readonly positions = new Positions(this);
  /** Transactions of every kind (`<kind>-transaction`). */
  readonly transactions = new Transactions(this);
  /** Investment limits of clients (`limit`). */
  readonly limits = new Limits(this);
  /** Holdings reported by custodians per legal entity (`custodian-holding`). */
  readonly custodianHoldings = new CustodianHoldings(this);

  private readonly seed: Seed | undefined;

  constructor(options: StoreOptions = {}) {
    // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
    extraArguments('new MockStore()', arguments, 1, '');
    this.now = options.now ?? (() => new Date());
    this.inviteBaseUrl = (options.inviteBaseUrl ?? 'https://app.reporting.test').replace(/\/$/, '');
    this.seed = options.seed;
    // Every method of the store and of its tables refuses an argument past those it takes (it was ignored:
    // `add(input, { id })` stored no such id), named as called: `mock.store.clients.add()`.
    refuseExtraArgumentsOf(this, (method) => `mock.store.${method}()`, refuseNow);
    for (const [name, table] of Object.entries(this))
      if (isTable(table)) {
        table.storeName = name;
        refuseExtraArgumentsOf(table, (method) => `mock.store.${name}.${method}()`, refuseNow);
      }
    this.reset();
  }

  /** Back to the seeded state: tables emptied, ids restarted, default seed and `seed` run again. @example mock.store.reset() */
  reset(): void {
    for (const table of Object.values(this)) if (isTable(table)) table.clear();
    this.ids.restart();
    seedDefaults(this);
    this.seed?.(this);
  }
}

/** How the store's methods refuse bad input: at once, as a thrown `ValidationError`. */
function refuseNow(what: string, issues: ValidationIssue[]): never {
  throw new ValidationError(what, issues, '');
}

/** A store's records and id sequence as JSON: what `portfolio-reporting mock --state FILE` saves and loads. */
export interface StoreSnapshot {
  /** The snapshot format, 1. */
  format: 1;
  /** Where the id sequence stands. */
  idsDrawn: number;
  /** Every table's records, by the table's name in `mock.store`. */
  tables: Record<string, { id: string }[]>;
}

/** The records of every table and where the id sequence stands. @example writeFileSync(file, JSON.stringify(snapshotOf(mock.store))) */
export function snapshotOf(store: MockStore): StoreSnapshot {
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments('snapshotOf()', arguments, 1, '');
  const tables: StoreSnapshot['tables'] = {};
  for (const [name, table] of Object.entries(store)) if (isTable(table)) tables[name] = table.all();
  return { format: 1, idsDrawn: store.ids.drawn, tables };
}

/**
 * How far past a snapshot's `idsDrawn` its ids are looked for (2^20 numbers, some 350,000 ids): one there would be
 * drawn again. Bounded, so a snapshot costs the same to check whatever `idsDrawn` it names.
 */
const IDS_LOOKAHEAD = 2 ** 20;

/** The id sequence repeats after 2^32 numbers: a snapshot that stood further would draw its ids again. */
const MAX_IDS_DRAWN = 2 ** 32 - 1;

/**
 * A snapshot `restoreSnapshot` refuses: `problem` names the member (`tables.clients[0].id`) and the rule.
 * @example
 * try {
 *   restoreSnapshot(mock.store, JSON.parse(readFileSync(file, 'utf8')));
 * } catch (error) {
 *   if (error instanceof SnapshotError) console.error(`${file}: ${error.problem}`);
 * }
 */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
  constructor(
    /** The member and the rule it breaks, e.g. `tables.prices[0].value: must be a number, got "12"`. */
    readonly problem: string,
  ) {
    super(`restoreSnapshot(): ${problem}`);
  }
}

/**
 * Replaces the store's records with a snapshot's, after checking all of it (nothing is replaced when it is refused,
 * with a `SnapshotError` naming the member and the rule): `format` 1; each table one of this store's, an array of
 * objects with a string `id`, unique in the table; `idsDrawn` a whole number no smaller than where the sequence
 * stood once the snapshot's own ids were drawn, so that no id is drawn twice; each record of its table's shape (the
 * record interfaces: every member there and of its type, none other: `tables.prices[0].value: must be a number, got
 * "12"`; an instrument's attributes, and a transaction's type, attributes and relationships, those of its kind as
 * served); and each id a record names of a record of the table it names, where the mock keeps such references whole
 * (`tables.prices[0].instrumentId: "abc" is not the id of a record in tables.instruments`). The tables' `add()` hold
 * the records they store to the same rules. A table the snapshot leaves out is restored empty.
 * @example restoreSnapshot(mock.store, JSON.parse(readFileSync(file, 'utf8')))
 */
export function restoreSnapshot(store: MockStore, snapshot: unknown): void {
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments('restoreSnapshot()', arguments, 2, '');
  const tables = store as unknown as Record<string, unknown>;
  const rows = checkSnapshot(snapshot, (name) => isTable(tables[name]));
  for (const table of Object.values(store)) if (isTable(table)) table.clear();
  for (const [name, records] of rows) {
    const table = tables[name] as Table<{ id: string }>;
    for (const record of records) table.insert(record);
  }
  store.ids.resume((snapshot as StoreSnapshot).idsDrawn);
}

/** The snapshot's tables, checked; a `SnapshotError` for the first broken rule. */
function checkSnapshot(snapshot: unknown, isTableName: (name: string) => boolean): [string, { id: string }[]][] {
  const fail = (problem: string): never => {
    throw new SnapshotError(problem);
  };
  if (!isRecord(snapshot)) return fail(`the snapshot ${mustBe('an object { format: 1, idsDrawn, tables }', snapshot)}`);
  for (const key of Object.keys(snapshot))
    if (!['format', 'idsDrawn', 'tables'].includes(key))
      fail(`${key}: is not a member of a snapshot (format, idsDrawn, tables)`);
  if (snapshot.format !== 1) fail(`format: ${mustBe('1', snapshot.format)}`);
  const { idsDrawn, tables } = snapshot;
  if (!Number.isInteger(idsDrawn) || (idsDrawn as number) < 0 || (idsDrawn as number) > MAX_IDS_DRAWN)
    fail(`idsDrawn: ${mustBe(`a whole number from 0 to ${MAX_IDS_DRAWN}`, idsDrawn)}`);
  if (!isRecord(tables)) return fail(`tables: ${mustBe("an object of the store's tables by name", tables)}`);
  const out: [string, { id: string }[]][] = [];
  const ids: string[] = [];
  const where: string[] = [];
  for (const [name, records] of Object.entries(tables)) {
    if (!isTableName(name)) fail(`tables.${name}: is not a table of the mock store`);
    if (!Array.isArray(records)) return fail(`tables.${name}: ${mustBe('an array of records', records)}`);
    const seen = new Map<string, number>();
    records.forEach((record: unknown, row) => {
      const at = `tables.${name}[${row}]`;
      if (!isRecord(record)) fail(`${at}: ${mustBe('a record (an object with a string id)', record)}`);
      const { id } = record as { id?: unknown };
      if (typeof id !== 'string' || id === '') fail(`${at}.id: ${mustBe('a non-empty string', id)}`);
      const first = seen.get(id as string);
      if (first !== undefined)
        fail(`${at}.id: ${JSON.stringify(id)} is the id of tables.${name}[${first}] too; ids are unique in a table`);
      seen.set(id as string, row);
      ids.push(id as string);
      where.push(at);
    });
    out.push([name, records as { id: string }[]]);
  }
  const drawn = drawnAfter(ids, idsDrawn as number, IDS_LOOKAHEAD);
  if (drawn)
    fail(
      `idsDrawn: must be at least ${drawn.end}, where the id sequence stands once the id ${ids[drawn.index]} of ` +
        `${where[drawn.index]} is drawn (a smaller one draws it again), got ${idsDrawn}`,
    );
  const problem = recordsProblem(out);
  if (problem) fail(problem);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTable(value: unknown): value is Table<{ id: string }> {
  return typeof value === 'object' && value !== null && typeof (value as Table<{ id: string }>).clear === 'function';
}
