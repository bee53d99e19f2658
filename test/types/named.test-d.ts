/**
 * The named public types (issue 15, item 2) cannot drift from the schemas: each interface `extends` the type
 * inferred from its schema (an input type also redeclares its required members, typed from it:
 * test/types/required-members.test.ts), and here each is proved equal to that inferred type both ways (`toEqualTypeOf`).
 * Kind families are checked as whole tables, mapped over the kind tables' keys: a kind added to INSTRUMENT_KINDS or
 * TRANSACTION_KINDS without its named type fails here (and in the `…ByKind[Kind]` unions). Checked by
 * `tsc --noEmit`; nothing here runs.
 */
import { expectTypeOf } from 'vitest';
import type * as z from 'zod/mini';
import type { RelationshipInputs } from '../../src/core/jsonapi.js';
import type {
  Account,
  AccountAttributes,
  AccountCreateAttributes,
  AccountCreateInput,
  AccountCreateParams,
  AccountRelationships,
  AccountUpdateAttributes,
  AccountUpdateInput,
  AccountUpdateParams,
  Asset,
  AssetClass,
  AssetClassAttributes,
  AssetClassDetailed,
  AssetClassDetailedAttributes,
  AssetCreateInput,
  AssetCreateParams,
  AssetCreateParamsByKind,
  AssetHolding,
  AssetHoldingAttributes,
  AssetHoldingsListParams,
  AssetOf,
  AssetsByKind,
  BondAsset,
  BondInstrument,
  BondInstrumentAttributes,
  BondInstrumentCreateParams,
  ConsentFile,
  ConsentInput,
  ConsentParams,
  CreatableInstrumentKind,
  CreatableTransactionKind,
  Custodian,
  CustodianAttributes,
  CustodianAuthority,
  CustodianAuthorityAttributes,
  CustodianAuthorityCreateParams,
  CustodianAuthorityCreateQuery,
  CustodianAuthorityFile,
  CustodianAuthorityFileAttributes,
  Depository,
  DepositoryAttributes,
  DepositoryCreateAttributes,
  DepositoryCreateInput,
  DepositoryCreateParams,
  DepositoryUpdateAttributes,
  DepositoryUpdateInput,
  DepositoryUpdateParams,
  DividendTransaction,
  DividendTransactionAttributes,
  EquityTradeTransaction,
  EquityTradeTransactionCreateAttributes,
  EquityTradeTransactionCreateParams,
  FileUploadInput,
  FileUploadParams,
  Holding,
  HoldingAttributes,
  HoldingRelationships,
  HoldingsListParams,
  IndexFactor,
  IndexFactorAttributes,
  IndexFactorCreateAttributes,
  IndexFactorCreateParams,
  Instrument,
  InstrumentClass,
  InstrumentClassAttributes,
  InstrumentClassDetailed,
  InstrumentClassDetailedAttributes,
  InstrumentCreateAttributes,
  InstrumentCreateInput,
  InstrumentCreateParams,
  InstrumentCreateParamsByKind,
  InstrumentKind,
  InstrumentOf,
  InstrumentsByKind,
  InterestRate,
  InterestRateAttributes,
  InterestRateCreateAttributes,
  InterestRateCreateParams,
  Invite,
  InviteAttributes,
  InviteCreateAttributes,
  InviteCreateInput,
  InviteCreateParams,
  KnownAsset,
  KnownInstrument,
  KnownTransaction,
  LegalEntity,
  LegalEntityAttributes,
  LegalEntityCreateAttributes,
  LegalEntityCreateInput,
  LegalEntityCreateParams,
  LegalEntityUpdateAttributes,
  LegalEntityUpdateInput,
  LegalEntityUpdateParams,
  Limit,
  LimitAttributes,
  LimitCreateAttributes,
  LimitCreateInput,
  LimitCreateParams,
  LimitStatus,
  LimitStatusAttributes,
  LimitStatusParams,
  LinkParams,
  LinkQuery,
  LoanInstrument,
  LoanInstrumentRelationships,
  NetAssetValue,
  NetAssetValueAttributes,
  NetAssetValueCreateAttributes,
  NetAssetValueCreateParams,
  Price,
  PriceAttributes,
  PriceCreateAttributes,
  PriceCreateParams,
  PriceUpdateAttributes,
  PriceUpdateParams,
  RevokeResult,
  SeriesCreateInput,
  SeriesCreateParams,
  StockAsset,
  StockAssetAttributes,
  StockAssetCreateAttributes,
  StockInstrumentCreateAttributes,
  Transaction,
  TransactionCreateAttributes,
  TransactionCreateInput,
  TransactionCreateParams,
  TransactionCreateParamsByKind,
  TransactionKind,
  TransactionListFields,
  TransactionListParams,
  TransactionListQuery,
  TransactionOf,
  TransactionsByKind,
  UnknownResource,
  User,
  UserAttributes,
  UserCreateAttributes,
  UserCreateInput,
  UserCreateParams,
  UserUpdateAttributes,
  UserUpdateInput,
  UserUpdateParams,
} from '../../src/index.js';
import type { FamilyCreateInputOf } from '../../src/resources/instrument-family.js';
import type { PerformanceData } from '../../src/resources/reporting.js';
import type { TransactionCreateInputOf } from '../../src/resources/transactions.js';
import type { assetClasses, instrumentClasses } from '../../src/schemas/classes.js';
import type {
  authorityCreateQuery,
  consentFile,
  consentInput,
  custodianAuthorityFileSchema,
  custodianAuthoritySchema,
  custodianSchema,
  linkQuery,
  revokeResultSchema,
} from '../../src/schemas/custodians.js';
import type { genericResource, performanceData } from '../../src/schemas/generic.js';
import type {
  assetHoldingSchema,
  assetHoldingsParams,
  holdingSchema,
  holdingsParams,
} from '../../src/schemas/holdings.js';
import type { INSTRUMENT_KINDS, InferredAsset, InferredInstrument } from '../../src/schemas/instruments.js';
import type { KnownOf } from '../../src/schemas/kind-table.js';
import type {
  accountCreateAttributes,
  accountDef,
  accountSchema,
  accountUpdateAttributes,
  depositoryCreateAttributes,
  depositorySchema,
  depositoryUpdateAttributes,
  legalEntityCreateAttributes,
  legalEntitySchema,
  legalEntityUpdateAttributes,
} from '../../src/schemas/legal-structure.js';
import type {
  limitCreateAttributes,
  limitDef,
  limitSchema,
  limitStatusQuery,
  limitStatusSchema,
} from '../../src/schemas/limits.js';
import type { GenericResource } from '../../src/schemas/resource.js';
import type {
  indexFactorSeries,
  interestRateSeries,
  netAssetValueSeries,
  priceSeries,
  priceUpdateAttributes,
} from '../../src/schemas/time-series.js';
import type { InferredTransaction, TRANSACTION_KINDS, transactionListQuery } from '../../src/schemas/transactions.js';
import type {
  inviteCreateAttributes,
  inviteSchema,
  userCreateAttributes,
  userDef,
  userSchema,
  userUpdateAttributes,
} from '../../src/schemas/users.js';
import type { CalculatedDataCreatedEvent, CheckedCalculatedDataCreated } from '../../src/webhooks/events.js';
import type { WebhookKey, WebhookKeys, webhookKeySchema, webhookKeysSchema } from '../../src/webhooks/keys.js';
import type { Infer } from '../../src/webhooks/shape.js';

// ─── kinds: every named type of a family, as one table over the kind table's keys ─────────────────────────

expectTypeOf<InstrumentsByKind>().toEqualTypeOf<{ [K in InstrumentKind]: InferredInstrument<K> }>();
expectTypeOf<AssetsByKind>().toEqualTypeOf<{ [K in InstrumentKind]: InferredAsset<K> }>();
expectTypeOf<TransactionsByKind>().toEqualTypeOf<{ [K in TransactionKind]: InferredTransaction<K> }>();
// Each kind's named attributes (`BondInstrumentAttributes`, what its `attributes` is typed by) equal the attributes
// its response schema infers.
expectTypeOf<{ [K in InstrumentKind]: InstrumentsByKind[K]['attributes'] }>().toEqualTypeOf<{
  [K in InstrumentKind]: InferredInstrument<K>['attributes'];
}>();
expectTypeOf<{ [K in InstrumentKind]: AssetsByKind[K]['attributes'] }>().toEqualTypeOf<{
  [K in InstrumentKind]: InferredAsset<K>['attributes'];
}>();
expectTypeOf<{ [K in TransactionKind]: TransactionsByKind[K]['attributes'] }>().toEqualTypeOf<{
  [K in TransactionKind]: InferredTransaction<K>['attributes'];
}>();
// The public helpers name the kinds' interfaces (hover shows `BondInstrument`, test/types/hover.test.ts).
expectTypeOf<{ [K in InstrumentKind]: InstrumentOf<K> }>().toEqualTypeOf<InstrumentsByKind>();
expectTypeOf<{ [K in InstrumentKind]: AssetOf<K> }>().toEqualTypeOf<AssetsByKind>();
expectTypeOf<{ [K in TransactionKind]: TransactionOf<K> }>().toEqualTypeOf<TransactionsByKind>();
// A create params interface declares its `type`, `attributes` and required `relationships` itself (so that a missing
// one is reported against its name) over the intersection it extends (`{ type, attributes } & { relationships }`).
// TypeScript's identity check (what `toEqualTypeOf` uses first) never equates such an interface with an intersection,
// so both sides are compared flattened: the same members, the same optionality and readonly-ness, equal types.
// `relationships` is a named interface too (`EquityTradeTransactionCreateRelationships`): flattened the same way.
type FlatOne<T> = { [P in keyof T]: T[P] };
type Flat<T> = { [P in keyof T]: P extends 'relationships' ? FlatOne<T[P]> : T[P] };
expectTypeOf<{ [K in CreatableInstrumentKind]: Flat<InstrumentCreateParamsByKind[K]> }>().toEqualTypeOf<{
  [K in CreatableInstrumentKind]: Flat<FamilyCreateInputOf<'instrument', K>>;
}>();
expectTypeOf<{ [K in CreatableInstrumentKind]: Flat<AssetCreateParamsByKind[K]> }>().toEqualTypeOf<{
  [K in CreatableInstrumentKind]: Flat<FamilyCreateInputOf<'asset', K>>;
}>();
expectTypeOf<{ [K in CreatableTransactionKind]: Flat<TransactionCreateParamsByKind[K]> }>().toEqualTypeOf<{
  [K in CreatableTransactionKind]: Flat<TransactionCreateInputOf<K>>;
}>();
// Their named attributes (`StockInstrumentCreateAttributes`, …) equal the create schemas' input types.
expectTypeOf<{ [K in CreatableInstrumentKind]: InstrumentCreateParamsByKind[K]['attributes'] }>().toEqualTypeOf<{
  [K in CreatableInstrumentKind]: InstrumentCreateAttributes<K>;
}>();
expectTypeOf<{ [K in CreatableInstrumentKind]: AssetCreateParamsByKind[K]['attributes'] }>().toEqualTypeOf<{
  [K in CreatableInstrumentKind]: InstrumentCreateAttributes<K>;
}>();
expectTypeOf<{ [K in CreatableTransactionKind]: TransactionCreateParamsByKind[K]['attributes'] }>().toEqualTypeOf<{
  [K in CreatableTransactionKind]: TransactionCreateAttributes<K>;
}>();
// The same, spelled out for a few (the tables above cover every kind).
expectTypeOf<BondInstrument>().toEqualTypeOf<InferredInstrument<'bond'>>();
expectTypeOf<BondAsset>().toEqualTypeOf<InferredAsset<'bond'>>();
expectTypeOf<StockAsset>().toEqualTypeOf<InferredAsset<'stock'>>();
expectTypeOf<EquityTradeTransaction>().toEqualTypeOf<InferredTransaction<'equity-trade'>>();
expectTypeOf<BondInstrumentAttributes>().toEqualTypeOf<InferredInstrument<'bond'>['attributes']>();
expectTypeOf<StockAssetAttributes>().toEqualTypeOf<InferredAsset<'stock'>['attributes']>();
expectTypeOf<DividendTransactionAttributes>().toEqualTypeOf<InferredTransaction<'dividend'>['attributes']>();
expectTypeOf<BondInstrument['attributes']>().toEqualTypeOf<BondInstrumentAttributes>();
expectTypeOf<InstrumentOf<'bond'>>().toEqualTypeOf<BondInstrument>();
expectTypeOf<AssetOf<'stock'>>().toEqualTypeOf<StockAsset>();
expectTypeOf<TransactionOf<'dividend'>>().toEqualTypeOf<DividendTransaction>();
expectTypeOf<StockInstrumentCreateAttributes>().toEqualTypeOf<InstrumentCreateAttributes<'stock'>>();
expectTypeOf<StockAssetCreateAttributes>().toEqualTypeOf<InstrumentCreateAttributes<'stock'>>();
expectTypeOf<EquityTradeTransactionCreateAttributes>().toEqualTypeOf<TransactionCreateAttributes<'equity-trade'>>();
expectTypeOf<Flat<BondInstrumentCreateParams>>().toEqualTypeOf<Flat<FamilyCreateInputOf<'instrument', 'bond'>>>();
expectTypeOf<Flat<EquityTradeTransactionCreateParams>>().toEqualTypeOf<
  Flat<TransactionCreateInputOf<'equity-trade'>>
>();
// The checks are live: a named type with a member less (or more) than its schema fails them.
// @ts-expect-error the relationships member is missing
expectTypeOf<Flat<BondInstrumentCreateParams>>().toEqualTypeOf<Omit<BondInstrumentCreateParams, 'relationships'>>();
// @ts-expect-error the attributes of another kind
expectTypeOf<StockInstrumentCreateAttributes>().toEqualTypeOf<InstrumentCreateAttributes<'bond'>>();
// @ts-expect-error a member more than the schema declares
expectTypeOf<InstrumentsByKind>().toEqualTypeOf<{ [K in InstrumentKind]: InferredInstrument<K> & { extra: true } }>();
// @ts-expect-error the attributes of another kind
expectTypeOf<BondInstrumentAttributes>().toEqualTypeOf<InferredInstrument<'stock'>['attributes']>();
// @ts-expect-error an attribute more than the schema declares
expectTypeOf<AccountAttributes>().toEqualTypeOf<z.infer<typeof accountSchema>['attributes'] & { extra: string }>();

// The unions are unions of the named types, equal to the unions inferred from the kind tables.
expectTypeOf<KnownInstrument>().toEqualTypeOf<KnownOf<typeof INSTRUMENT_KINDS, 'instrument'>>();
expectTypeOf<KnownAsset>().toEqualTypeOf<KnownOf<typeof INSTRUMENT_KINDS, 'asset'>>();
expectTypeOf<KnownTransaction>().toEqualTypeOf<KnownOf<typeof TRANSACTION_KINDS, 'transaction'>>();
expectTypeOf<Instrument>().toEqualTypeOf<KnownInstrument | UnknownResource>();
expectTypeOf<Asset>().toEqualTypeOf<KnownAsset | UnknownResource>();
expectTypeOf<Transaction>().toEqualTypeOf<KnownTransaction | UnknownResource>();
expectTypeOf<InstrumentCreateParams>().toEqualTypeOf<InstrumentCreateParamsByKind[CreatableInstrumentKind]>();
expectTypeOf<AssetCreateParams>().toEqualTypeOf<AssetCreateParamsByKind[CreatableInstrumentKind]>();
expectTypeOf<TransactionCreateParams>().toEqualTypeOf<TransactionCreateParamsByKind[CreatableTransactionKind]>();

// ─── resources: each named type equals the type inferred from its response schema ───────────────────────────

expectTypeOf<Account>().toEqualTypeOf<z.infer<typeof accountSchema>>();
expectTypeOf<LegalEntity>().toEqualTypeOf<z.infer<typeof legalEntitySchema>>();
expectTypeOf<Depository>().toEqualTypeOf<z.infer<typeof depositorySchema>>();
expectTypeOf<Limit>().toEqualTypeOf<z.infer<typeof limitSchema>>();
expectTypeOf<LimitStatus>().toEqualTypeOf<z.infer<typeof limitStatusSchema>>();
expectTypeOf<Price>().toEqualTypeOf<z.infer<typeof priceSeries.schema>>();
expectTypeOf<InterestRate>().toEqualTypeOf<z.infer<typeof interestRateSeries.schema>>();
expectTypeOf<IndexFactor>().toEqualTypeOf<z.infer<typeof indexFactorSeries.schema>>();
expectTypeOf<NetAssetValue>().toEqualTypeOf<z.infer<typeof netAssetValueSeries.schema>>();
expectTypeOf<User>().toEqualTypeOf<z.infer<typeof userSchema>>();
expectTypeOf<Invite>().toEqualTypeOf<z.infer<typeof inviteSchema>>();
expectTypeOf<Holding>().toEqualTypeOf<z.infer<typeof holdingSchema>>();
expectTypeOf<AssetHolding>().toEqualTypeOf<z.infer<typeof assetHoldingSchema>>();
expectTypeOf<Custodian>().toEqualTypeOf<z.infer<typeof custodianSchema>>();
expectTypeOf<CustodianAuthority>().toEqualTypeOf<z.infer<typeof custodianAuthoritySchema>>();
expectTypeOf<CustodianAuthorityFile>().toEqualTypeOf<z.infer<typeof custodianAuthorityFileSchema>>();
expectTypeOf<RevokeResult>().toEqualTypeOf<z.infer<typeof revokeResultSchema>>();
expectTypeOf<InstrumentClass>().toEqualTypeOf<z.infer<typeof instrumentClasses.classSchema>>();
expectTypeOf<InstrumentClassDetailed>().toEqualTypeOf<z.infer<typeof instrumentClasses.detailedSchema>>();
expectTypeOf<AssetClass>().toEqualTypeOf<z.infer<typeof assetClasses.classSchema>>();
expectTypeOf<AssetClassDetailed>().toEqualTypeOf<z.infer<typeof assetClasses.detailedSchema>>();
// Each resource's named attributes (`AccountAttributes`, what its `attributes` is typed by) equal the attributes
// its response schema infers.
expectTypeOf<AccountAttributes>().toEqualTypeOf<z.infer<typeof accountSchema>['attributes']>();
expectTypeOf<LegalEntityAttributes>().toEqualTypeOf<z.infer<typeof legalEntitySchema>['attributes']>();
expectTypeOf<DepositoryAttributes>().toEqualTypeOf<z.infer<typeof depositorySchema>['attributes']>();
expectTypeOf<LimitAttributes>().toEqualTypeOf<z.infer<typeof limitSchema>['attributes']>();
expectTypeOf<LimitStatusAttributes>().toEqualTypeOf<z.infer<typeof limitStatusSchema>['attributes']>();
expectTypeOf<PriceAttributes>().toEqualTypeOf<z.infer<typeof priceSeries.schema>['attributes']>();
expectTypeOf<InterestRateAttributes>().toEqualTypeOf<z.infer<typeof interestRateSeries.schema>['attributes']>();
expectTypeOf<IndexFactorAttributes>().toEqualTypeOf<z.infer<typeof indexFactorSeries.schema>['attributes']>();
expectTypeOf<NetAssetValueAttributes>().toEqualTypeOf<z.infer<typeof netAssetValueSeries.schema>['attributes']>();
expectTypeOf<UserAttributes>().toEqualTypeOf<z.infer<typeof userSchema>['attributes']>();
expectTypeOf<InviteAttributes>().toEqualTypeOf<z.infer<typeof inviteSchema>['attributes']>();
expectTypeOf<HoldingAttributes>().toEqualTypeOf<z.infer<typeof holdingSchema>['attributes']>();
expectTypeOf<AssetHoldingAttributes>().toEqualTypeOf<z.infer<typeof assetHoldingSchema>['attributes']>();
expectTypeOf<CustodianAttributes>().toEqualTypeOf<z.infer<typeof custodianSchema>['attributes']>();
expectTypeOf<CustodianAuthorityAttributes>().toEqualTypeOf<z.infer<typeof custodianAuthoritySchema>['attributes']>();
expectTypeOf<CustodianAuthorityFileAttributes>().toEqualTypeOf<
  z.infer<typeof custodianAuthorityFileSchema>['attributes']
>();
expectTypeOf<InstrumentClassAttributes>().toEqualTypeOf<z.infer<typeof instrumentClasses.classSchema>['attributes']>();
expectTypeOf<InstrumentClassDetailedAttributes>().toEqualTypeOf<
  z.infer<typeof instrumentClasses.detailedSchema>['attributes']
>();
expectTypeOf<AssetClassAttributes>().toEqualTypeOf<z.infer<typeof assetClasses.classSchema>['attributes']>();
expectTypeOf<AssetClassDetailedAttributes>().toEqualTypeOf<z.infer<typeof assetClasses.detailedSchema>['attributes']>();
// They declare no member of their own (unlike the inputs), so they stay assignable to `Record<string, unknown>` as the
// inferred attributes are: an interface with members of its own is not (the mock store's `addChecked` takes them so).
expectTypeOf<AccountAttributes | LimitAttributes | PriceAttributes | CustodianAuthorityAttributes>().toMatchTypeOf<
  Record<string, unknown>
>();
expectTypeOf<InstrumentsByKind[InstrumentKind]['attributes']>().toMatchTypeOf<Record<string, unknown>>();
expectTypeOf<AssetsByKind[InstrumentKind]['attributes']>().toMatchTypeOf<Record<string, unknown>>();
expectTypeOf<TransactionsByKind[TransactionKind]['attributes']>().toMatchTypeOf<Record<string, unknown>>();
// …and type the resource's `attributes` member, so hover and a misspelled read name them.
expectTypeOf<{
  Account: Account['attributes'];
  LegalEntity: LegalEntity['attributes'];
  Depository: Depository['attributes'];
  Limit: Limit['attributes'];
  LimitStatus: LimitStatus['attributes'];
  Price: Price['attributes'];
  InterestRate: InterestRate['attributes'];
  IndexFactor: IndexFactor['attributes'];
  NetAssetValue: NetAssetValue['attributes'];
  User: User['attributes'];
  Invite: Invite['attributes'];
  Holding: Holding['attributes'];
  AssetHolding: AssetHolding['attributes'];
  Custodian: Custodian['attributes'];
  CustodianAuthority: CustodianAuthority['attributes'];
  CustodianAuthorityFile: CustodianAuthorityFile['attributes'];
  InstrumentClass: InstrumentClass['attributes'];
  InstrumentClassDetailed: InstrumentClassDetailed['attributes'];
  AssetClass: AssetClass['attributes'];
  AssetClassDetailed: AssetClassDetailed['attributes'];
}>().toEqualTypeOf<{
  Account: AccountAttributes;
  LegalEntity: LegalEntityAttributes;
  Depository: DepositoryAttributes;
  Limit: LimitAttributes;
  LimitStatus: LimitStatusAttributes;
  Price: PriceAttributes;
  InterestRate: InterestRateAttributes;
  IndexFactor: IndexFactorAttributes;
  NetAssetValue: NetAssetValueAttributes;
  User: UserAttributes;
  Invite: InviteAttributes;
  Holding: HoldingAttributes;
  AssetHolding: AssetHoldingAttributes;
  Custodian: CustodianAttributes;
  CustodianAuthority: CustodianAuthorityAttributes;
  CustodianAuthorityFile: CustodianAuthorityFileAttributes;
  InstrumentClass: InstrumentClassAttributes;
  InstrumentClassDetailed: InstrumentClassDetailedAttributes;
  AssetClass: AssetClassAttributes;
  AssetClassDetailed: AssetClassDetailedAttributes;
}>();

// Their named relationships (`AccountRelationships`, what `relationships` is typed by) equal the relationships their
// response schema infers, present; `relationships` stays optional where the schema has it so (a holding always has it).
expectTypeOf<AccountRelationships>().toEqualTypeOf<NonNullable<z.infer<typeof accountSchema>['relationships']>>();
expectTypeOf<Account['relationships']>().toEqualTypeOf<AccountRelationships | undefined>();
expectTypeOf<HoldingRelationships>().toEqualTypeOf<z.infer<typeof holdingSchema>['relationships']>();
expectTypeOf<Holding['relationships']>().toEqualTypeOf<HoldingRelationships>();
expectTypeOf<LoanInstrument['relationships']>().toEqualTypeOf<LoanInstrumentRelationships | undefined>();
expectTypeOf<{ [K in InstrumentKind]: NonNullable<InstrumentsByKind[K]['relationships']> }>().toEqualTypeOf<{
  [K in InstrumentKind]: NonNullable<InferredInstrument<K>['relationships']>;
}>();
expectTypeOf<{ [K in InstrumentKind]: NonNullable<AssetsByKind[K]['relationships']> }>().toEqualTypeOf<{
  [K in InstrumentKind]: NonNullable<InferredAsset<K>['relationships']>;
}>();
expectTypeOf<{ [K in TransactionKind]: NonNullable<TransactionsByKind[K]['relationships']> }>().toEqualTypeOf<{
  [K in TransactionKind]: NonNullable<InferredTransaction<K>['relationships']>;
}>();
// @ts-expect-error a relationship more than the schema declares
expectTypeOf<AccountRelationships>().toEqualTypeOf<AccountRelationships & { extra: { data: null } }>();

// ─── inputs: attributes and parameters equal their request schemas' input types ─────────────────────────────

expectTypeOf<AccountCreateAttributes>().toEqualTypeOf<z.input<typeof accountCreateAttributes>>();
expectTypeOf<AccountUpdateAttributes>().toEqualTypeOf<z.input<typeof accountUpdateAttributes>>();
expectTypeOf<DepositoryCreateAttributes>().toEqualTypeOf<z.input<typeof depositoryCreateAttributes>>();
expectTypeOf<DepositoryUpdateAttributes>().toEqualTypeOf<z.input<typeof depositoryUpdateAttributes>>();
expectTypeOf<LegalEntityCreateAttributes>().toEqualTypeOf<z.input<typeof legalEntityCreateAttributes>>();
expectTypeOf<LegalEntityUpdateAttributes>().toEqualTypeOf<z.input<typeof legalEntityUpdateAttributes>>();
expectTypeOf<LimitCreateAttributes>().toEqualTypeOf<z.input<typeof limitCreateAttributes>>();
expectTypeOf<UserCreateAttributes>().toEqualTypeOf<z.input<typeof userCreateAttributes>>();
expectTypeOf<UserUpdateAttributes>().toEqualTypeOf<z.input<typeof userUpdateAttributes>>();
expectTypeOf<InviteCreateAttributes>().toEqualTypeOf<z.input<typeof inviteCreateAttributes>>();
expectTypeOf<PriceCreateAttributes>().toEqualTypeOf<z.input<typeof priceSeries.create>>();
expectTypeOf<PriceUpdateAttributes>().toEqualTypeOf<z.input<typeof priceUpdateAttributes>>();
expectTypeOf<InterestRateCreateAttributes>().toEqualTypeOf<z.input<typeof interestRateSeries.create>>();
expectTypeOf<IndexFactorCreateAttributes>().toEqualTypeOf<z.input<typeof indexFactorSeries.create>>();
expectTypeOf<NetAssetValueCreateAttributes>().toEqualTypeOf<z.input<typeof netAssetValueSeries.create>>();
// The schema's fields, with the rule its check states in types too: `accountId`, `depositoryId` or both.
expectTypeOf<TransactionListFields>().toEqualTypeOf<z.infer<typeof transactionListQuery>>();
expectTypeOf<TransactionListParams>().toEqualTypeOf<
  z.infer<typeof transactionListQuery> & ({ accountId: string } | { depositoryId: string })
>();
expectTypeOf<{ fromDate: string; toDate: string }>().not.toExtend<TransactionListParams>();
expectTypeOf<{ accountId: undefined; fromDate: string; toDate: string }>().not.toExtend<TransactionListParams>();
expectTypeOf<{ accountId: string; fromDate: string; toDate: string }>().toExtend<TransactionListParams>();
expectTypeOf<{ depositoryId: string; fromDate: string; toDate: string }>().toExtend<TransactionListParams>();
expectTypeOf<{
  accountId: string;
  depositoryId: string;
  fromDate: string;
  toDate: string;
}>().toExtend<TransactionListParams>();
expectTypeOf<LimitStatusParams>().toEqualTypeOf<z.input<typeof limitStatusQuery>>();
expectTypeOf<HoldingsListParams>().toEqualTypeOf<z.input<typeof holdingsParams>>();
expectTypeOf<AssetHoldingsListParams>().toEqualTypeOf<z.input<typeof assetHoldingsParams>>();
expectTypeOf<ConsentParams>().toEqualTypeOf<z.infer<typeof consentInput>>();
expectTypeOf<ConsentFile>().toEqualTypeOf<z.infer<typeof consentFile>>();
expectTypeOf<LinkParams>().toEqualTypeOf<z.infer<typeof linkQuery>>();
expectTypeOf<CustodianAuthorityCreateParams>().toEqualTypeOf<z.infer<typeof authorityCreateQuery>>();

// The bodies: attributes as above, relationships from the resources' relationship tables.
expectTypeOf<keyof AccountCreateParams>().toEqualTypeOf<'attributes' | 'relationships'>();
// `relationships` stays optional where the table requires none (accounts, users).
expectTypeOf<Pick<AccountCreateParams & UserCreateParams, 'relationships'>>().toEqualTypeOf<
  Partial<Pick<AccountCreateParams & UserCreateParams, 'relationships'>>
>();
expectTypeOf<AccountCreateParams['attributes']>().toEqualTypeOf<AccountCreateAttributes>();
expectTypeOf<FlatOne<NonNullable<AccountCreateParams['relationships']>>>().toEqualTypeOf<
  FlatOne<RelationshipInputs<typeof accountDef.relationships>>
>();
expectTypeOf<keyof LimitCreateParams>().toEqualTypeOf<'attributes' | 'relationships'>();
expectTypeOf<LimitCreateParams['attributes']>().toEqualTypeOf<LimitCreateAttributes>();
expectTypeOf<FlatOne<LimitCreateParams['relationships']>>().toEqualTypeOf<
  FlatOne<RelationshipInputs<typeof limitDef.relationships>>
>();
expectTypeOf<keyof UserCreateParams>().toEqualTypeOf<'attributes' | 'relationships'>();
expectTypeOf<UserCreateParams['attributes']>().toEqualTypeOf<UserCreateAttributes>();
expectTypeOf<FlatOne<NonNullable<UserCreateParams['relationships']>>>().toEqualTypeOf<
  FlatOne<RelationshipInputs<typeof userDef.relationships>>
>();
expectTypeOf<LegalEntityCreateParams>().toEqualTypeOf<{ attributes: LegalEntityCreateAttributes }>();
expectTypeOf<LegalEntityUpdateParams>().toEqualTypeOf<{ attributes: LegalEntityUpdateAttributes }>();
expectTypeOf<AccountUpdateParams>().toEqualTypeOf<{ attributes: AccountUpdateAttributes }>();
expectTypeOf<DepositoryUpdateParams>().toEqualTypeOf<{ attributes: DepositoryUpdateAttributes }>();
expectTypeOf<InviteCreateParams>().toEqualTypeOf<{ attributes?: InviteCreateAttributes }>();
expectTypeOf<PriceUpdateParams>().toEqualTypeOf<{ attributes: PriceUpdateAttributes }>();
expectTypeOf<PriceCreateParams>().toEqualTypeOf<SeriesCreateParams<PriceCreateAttributes>>();
expectTypeOf<InterestRateCreateParams>().toEqualTypeOf<SeriesCreateParams<InterestRateCreateAttributes>>();
expectTypeOf<IndexFactorCreateParams>().toEqualTypeOf<SeriesCreateParams<IndexFactorCreateAttributes>>();
expectTypeOf<NetAssetValueCreateParams>().toEqualTypeOf<SeriesCreateParams<NetAssetValueCreateAttributes>>();
expectTypeOf<DepositoryCreateParams['attributes']>().toEqualTypeOf<DepositoryCreateAttributes>();
expectTypeOf<UserUpdateParams['attributes']>().toEqualTypeOf<UserUpdateAttributes | undefined>();

// ─── the former names stay, as aliases of the new ones ──────────────────────────────────────────────────────

expectTypeOf<AccountCreateInput>().toEqualTypeOf<AccountCreateParams>();
expectTypeOf<AccountUpdateInput>().toEqualTypeOf<AccountUpdateParams>();
expectTypeOf<AssetCreateInput>().toEqualTypeOf<AssetCreateParams>();
expectTypeOf<ConsentInput>().toEqualTypeOf<ConsentParams>();
expectTypeOf<CustodianAuthorityCreateQuery>().toEqualTypeOf<CustodianAuthorityCreateParams>();
expectTypeOf<DepositoryCreateInput>().toEqualTypeOf<DepositoryCreateParams>();
expectTypeOf<DepositoryUpdateInput>().toEqualTypeOf<DepositoryUpdateParams>();
expectTypeOf<FileUploadInput>().toEqualTypeOf<FileUploadParams>();
expectTypeOf<InstrumentCreateInput>().toEqualTypeOf<InstrumentCreateParams>();
expectTypeOf<InviteCreateInput>().toEqualTypeOf<InviteCreateParams>();
expectTypeOf<LegalEntityCreateInput>().toEqualTypeOf<LegalEntityCreateParams>();
expectTypeOf<LegalEntityUpdateInput>().toEqualTypeOf<LegalEntityUpdateParams>();
expectTypeOf<LimitCreateInput>().toEqualTypeOf<LimitCreateParams>();
expectTypeOf<LinkQuery>().toEqualTypeOf<LinkParams>();
expectTypeOf<SeriesCreateInput<PriceCreateAttributes>>().toEqualTypeOf<SeriesCreateParams<PriceCreateAttributes>>();
expectTypeOf<TransactionCreateInput>().toEqualTypeOf<TransactionCreateParams>();
expectTypeOf<TransactionListQuery>().toEqualTypeOf<TransactionListParams>();
expectTypeOf<UserCreateInput>().toEqualTypeOf<UserCreateParams>();
expectTypeOf<UserUpdateInput>().toEqualTypeOf<UserUpdateParams>();

// Undocumented shapes and the webhook keys: named, and equal to what their schemas infer.
expectTypeOf<GenericResource>().toEqualTypeOf<z.infer<typeof genericResource>>();
expectTypeOf<Flat<GenericResource> | Flat<GenericResource>[]>().toEqualTypeOf<
  Flat<z.infer<typeof genericResource>> | Flat<z.infer<typeof genericResource>>[]
>();
expectTypeOf<PerformanceData>().toMatchTypeOf<z.infer<typeof performanceData>>();
expectTypeOf<z.infer<typeof performanceData>>().toMatchTypeOf<PerformanceData>();
expectTypeOf<Flat<WebhookKey>>().toEqualTypeOf<Flat<Infer<typeof webhookKeySchema>>>();
expectTypeOf<Flat<WebhookKeys['keys'][number]>>().toEqualTypeOf<
  Flat<Infer<typeof webhookKeysSchema>['keys'][number]>
>();
expectTypeOf<keyof WebhookKeys>().toEqualTypeOf<keyof Infer<typeof webhookKeysSchema>>();

// The documented webhook event: named without an index signature, and equal, member by member, to what its check
// proves (the check keeps other members, typed `unknown` through an index signature, which the name leaves out).
type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
expectTypeOf<Omit<CalculatedDataCreatedEvent, 'data'>>().toEqualTypeOf<
  Omit<Known<CheckedCalculatedDataCreated>, 'data'>
>();
expectTypeOf<keyof CalculatedDataCreatedEvent>().toEqualTypeOf<keyof Known<CheckedCalculatedDataCreated>>();
expectTypeOf<CalculatedDataCreatedEvent['data']>().toEqualTypeOf<Known<CheckedCalculatedDataCreated['data']>>();
