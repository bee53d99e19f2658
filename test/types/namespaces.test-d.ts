/**
 * The client's namespaces are named interfaces (`Accounts`, `InstrumentPrices`, …: what an editor shows on hover,
 * test/types/method-docs.test.ts), each extending the generic type it was before (`Items<Account, …>`,
 * `PriceSeries`, …): code that typed a namespace by the generic type still compiles. Checked by `tsc --noEmit`.
 */
import { expectTypeOf } from 'vitest';
import type {
  Account,
  AccountCreateParams,
  AccountUpdateParams,
  AssetClass,
  AssetClassDetailed,
  Children,
  Classes,
  Depository,
  DepositoryUpdateParams,
  GenericChildren,
  GenericItems,
  Items,
  LegalEntity,
  LegalEntityCreateParams,
  NetAssetValue,
  NetAssetValueCreateAttributes,
  NetAssetValueCreateParams,
  PortfolioReporting,
  PriceSeries,
  TimeSeries,
  User,
  UserCreateParams,
} from '../../src/index.js';

declare const prs: PortfolioReporting;

expectTypeOf(prs.accounts).toExtend<Items<Account, AccountUpdateParams>>();
expectTypeOf(prs.depositories).toExtend<Items<Depository, DepositoryUpdateParams>>();
expectTypeOf(prs.legalEntities.accounts).toExtend<Children<Account, AccountCreateParams>>();
expectTypeOf(prs.clients.legalEntities).toExtend<Children<LegalEntity, LegalEntityCreateParams>>();
expectTypeOf(prs.clients.users).toExtend<Children<User, UserCreateParams>>();
expectTypeOf(prs.clients.reportingEntities).toExtend<GenericChildren>();
expectTypeOf(prs.reportingEntities.portfolios).toExtend<GenericChildren>();
expectTypeOf(prs.portfolios).toExtend<GenericItems>();
expectTypeOf(prs.assetClasses).toExtend<Classes<AssetClass, AssetClassDetailed>>();
expectTypeOf(prs.instruments.prices).toExtend<PriceSeries>();
expectTypeOf(prs.assets.prices).toExtend<PriceSeries>();
expectTypeOf(prs.instruments.netAssetValues).toExtend<
  TimeSeries<NetAssetValue, NetAssetValueCreateAttributes, NetAssetValueCreateParams>
>();
// A namespace's own methods are typed as before: the id, the params type, the result.
expectTypeOf(prs.accounts.retrieve).parameters.toEqualTypeOf<[accountId: string, options?: RequestOptionsOf]>();
type RequestOptionsOf = Parameters<PortfolioReporting['accounts']['delete']>[1];
expectTypeOf(prs.legalEntities.accounts.create).returns.resolves.toEqualTypeOf<Account>();
