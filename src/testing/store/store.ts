/**
 * The mock's state: one table per resource, the id generator and the clock. `reset()` empties every
 * table, restarts the ids, and runs the default seed and the caller's seed again.
 */
import { IdGenerator } from '../ids.js';
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

export class MockStore {
  readonly ids = new IdGenerator();
  /** The mock's clock (invite expiration, upload times, default dates). */
  readonly now: () => Date;
  /** Invite links are `<inviteBaseUrl>/-/invite/<token>`. */
  readonly inviteBaseUrl: string;

  readonly clients = new Clients(this);
  readonly reportingEntities = new ReportingEntities(this);
  readonly portfolios = new Portfolios(this);
  readonly legalEntities = new LegalEntities(this);
  readonly accounts = new Accounts(this);
  readonly depositories = new Depositories(this);
  readonly users = new Users(this);
  readonly invites = new Invites(this);
  readonly custodians = new Custodians(this);
  readonly authFlows = new AuthFlows(this);
  readonly custodianAuthorities = new CustodianAuthorities(this);
  readonly custodianAuthorityFiles = new AuthorityFiles();
  readonly instrumentClasses = new InstrumentClasses(this);
  readonly detailedInstrumentClasses = new DetailedInstrumentClasses(this);
  readonly instruments = new Instruments(this);
  readonly commitments = new Commitments(this);
  readonly prices = new Series(this, 'price');
  readonly interestRates = new Series(this, 'interest-rate');
  readonly indexFactors = new Series(this, 'index-factor');
  readonly netAssetValues = new NetAssetValues(this);
  readonly positions = new Positions(this);
  readonly transactions = new Transactions(this);
  readonly limits = new Limits(this);
  readonly custodianHoldings = new CustodianHoldings(this);

  private readonly seed: Seed | undefined;

  constructor(options: StoreOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.inviteBaseUrl = (options.inviteBaseUrl ?? 'https://app.reporting.test').replace(/\/$/, '');
    this.seed = options.seed;
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

function isTable(value: unknown): value is Table<{ id: string }> {
  return typeof value === 'object' && value !== null && typeof (value as Table<{ id: string }>).clear === 'function';
}
