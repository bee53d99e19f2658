/**
 * The mock store's record interfaces (src/testing/store/records.ts, what users hover) cannot drift from the schemas
 * `restoreSnapshot` checks a snapshot's records with (src/testing/store/record-schemas.ts): each of the 26 is proved
 * equal to its schema's output both ways, and the table of schemas has exactly the store's tables, each with its
 * table's record type. Checked by `tsc --noEmit`; nothing here runs.
 */
import { expectTypeOf } from 'vitest';
import type * as z from 'zod/mini';
import type {
  AccountRecord,
  AuthFlowRecord,
  AuthorityFileRecord,
  ClassRecord,
  ClientRecord,
  CommitmentRecord,
  Consent,
  CustodianAuthorityRecord,
  CustodianHoldingRecord,
  CustodianRecord,
  DepositoryRecord,
  DetailedClassRecord,
  Ident,
  InstrumentRecord,
  InviteRecord,
  LegalEntityRecord,
  LimitRecord,
  LinkedAccount,
  LinkedDepository,
  MockStore,
  NetAssetValueRecord,
  PortfolioRecord,
  PositionRecord,
  ReportingEntityRecord,
  SeriesRecord,
  Table,
  TransactionRecord,
  UserRecord,
} from '../../src/testing/index.js';
import type { recordSchemas } from '../../src/testing/store/record-schemas.js';

type Schemas = ReturnType<typeof recordSchemas>;
type Outputs<S> = { [K in keyof S]: z.output<S[K]> };

/** Each record interface by its table in `mock.store`. */
interface Records {
  clients: ClientRecord;
  reportingEntities: ReportingEntityRecord;
  portfolios: PortfolioRecord;
  legalEntities: LegalEntityRecord;
  accounts: AccountRecord;
  depositories: DepositoryRecord;
  users: UserRecord;
  invites: InviteRecord;
  custodians: CustodianRecord;
  authFlows: AuthFlowRecord;
  custodianAuthorities: CustodianAuthorityRecord;
  custodianAuthorityFiles: AuthorityFileRecord;
  instrumentClasses: ClassRecord;
  detailedInstrumentClasses: DetailedClassRecord;
  instruments: InstrumentRecord;
  commitments: CommitmentRecord;
  prices: SeriesRecord;
  interestRates: SeriesRecord;
  indexFactors: SeriesRecord;
  netAssetValues: NetAssetValueRecord;
  positions: PositionRecord;
  transactions: TransactionRecord;
  limits: LimitRecord;
  custodianHoldings: CustodianHoldingRecord;
}

/** The interfaces records nest, by their schema's name. */
interface Parts {
  ident: Ident;
  linkedDepository: LinkedDepository;
  linkedAccount: LinkedAccount;
  consent: Consent;
}

/** What is no part of a record: a transaction's known types and read schemas, the ids an `add()` links. */
type Rules = 'transactionType' | 'servedTransactions' | 'ids';

// The schemas' outputs are the interfaces, both ways.
expectTypeOf<Outputs<Schemas['tables']>>().toEqualTypeOf<Records>();
expectTypeOf<Records>().toEqualTypeOf<Outputs<Schemas['tables']>>();
expectTypeOf<Outputs<Omit<Schemas, 'tables' | Rules>>>().toEqualTypeOf<Parts>();
expectTypeOf<Parts>().toEqualTypeOf<Outputs<Omit<Schemas, 'tables' | Rules>>>();

// `Records` is the store's own table of record types: a table added to `MockStore` without its schema fails here.
type RecordOf<T> = T extends Table<infer R> ? R : never;
type StoreRecords = {
  -readonly [K in keyof MockStore as RecordOf<MockStore[K]> extends never ? never : K]: RecordOf<MockStore[K]>;
};
expectTypeOf<StoreRecords>().toEqualTypeOf<Records>();

// The comparison sees an optional member made required, and a member the interface does not have.
// @ts-expect-error `AccountRecord.name` is optional
expectTypeOf<Outputs<Schemas['tables']>['accounts']>().toEqualTypeOf<Required<AccountRecord>>();
// @ts-expect-error `ClassRecord` has no `code`
expectTypeOf<Outputs<Schemas['tables']>['instrumentClasses']>().toEqualTypeOf<ClassRecord & { code: string }>();
