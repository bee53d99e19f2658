/**
 * Misspelled reads are compile errors (issue 15, item 3): output types carry no index signature, so a typo in
 * an attribute, a relationship or a resource member does not type-check. Every `@ts-expect-error` below must
 * be a real error — an unused directive fails `tsc --noEmit` (part of `npm test`). The unknown is still kept
 * at run time and reached through `attributesOf` (test/resources/unknown-attributes.test.ts).
 */
import type {
  Account,
  AssetHolding,
  AssetOf,
  Custodian,
  CustodianAuthorityFile,
  Depository,
  Holding,
  IndexFactor,
  InstrumentOf,
  InterestRate,
  Invite,
  LegalEntity,
  Limit,
  LimitStatus,
  NetAssetValue,
  Price,
  TransactionOf,
  User,
} from '../../src/index.js';
import { attributesOf } from '../../src/index.js';

export function typos(
  account: Account,
  depository: Depository,
  entity: LegalEntity,
  bond: InstrumentOf<'bond'>,
  stock: AssetOf<'stock'>,
  trade: TransactionOf<'equity-trade'>,
  dividend: TransactionOf<'dividend'>,
  price: Price,
  rate: InterestRate,
  factor: IndexFactor,
  nav: NetAssetValue,
  user: User,
  invite: Invite,
  limit: Limit,
  status: LimitStatus,
  holding: Holding,
  assetHolding: AssetHolding,
  custodian: Custodian,
  file: CustodianAuthorityFile,
): unknown[] {
  return [
    // @ts-expect-error ccyCode
    account.attributes.ccycode,
    // @ts-expect-error externalIdentifier
    account.attributes.externalIdentifer,
    // @ts-expect-error the relationship is `depository`
    account.relationships?.depositry,
    // @ts-expect-error externalIdentifier
    depository.attributes.externalId,
    // @ts-expect-error name
    entity.attributes.nmae,
    // @ts-expect-error maturityDate
    bond.attributes.maturitydate,
    // @ts-expect-error couponFrequency
    bond.attributes.couponFrequence,
    // @ts-expect-error securityIdentifier
    stock.attributes.securityIdentifer,
    // @ts-expect-error accountAmount
    trade.attributes.acountAmount,
    // @ts-expect-error unitPrice
    trade.attributes.unitprice,
    // @ts-expect-error the relationship is `asset`
    trade.relationships?.assets,
    // @ts-expect-error grossAmount
    dividend.attributes.grossamount,
    // @ts-expect-error value
    price.attributes.valeu,
    // @ts-expect-error date
    rate.attributes.dates,
    // @ts-expect-error value
    factor.attributes.values,
    // @ts-expect-error officialDate
    nav.attributes.officialdate,
    // @ts-expect-error firstName
    user.attributes.firstname,
    // @ts-expect-error restrictedToEmail
    invite.attributes.restrictedEmail,
    // @ts-expect-error startDate
    limit.attributes.startdate,
    // @ts-expect-error the relationship is `parentLimit`
    limit.relationships?.parent,
    // @ts-expect-error isBreached
    status.attributes.breached,
    // @ts-expect-error marketValue
    holding.attributes.marketvalue,
    // @ts-expect-error unitsInHolding
    assetHolding.attributes.units,
    // @ts-expect-error country
    custodian.attributes.countryCode,
    // @ts-expect-error filename
    file.attributes.fileName,
    // @ts-expect-error `id`, not `ID`
    account.ID,
    // @ts-expect-error the identifier is `{ type, id }`
    account.relationships?.depository?.data?.uid,
    // Every attribute, known or not, through the one documented way:
    attributesOf(account).someFutureField,
  ];
}

/** SDK promises declare `then` and `catch` as `Promise` does: a handler typed for a Promise fits unchanged. */
export async function promiseContract(account: Promise<Account>, prs: import('../../src/index.js').PortfolioReporting) {
  const handler = (error: Error) => error.message;
  const fromPromise = await account.catch(handler);
  const fromSdk = await prs.accounts.retrieve('a1').catch(handler);
  const same: typeof fromPromise = fromSdk;
  return same;
}

/** A narrowed webhook event: its members are named, so a misspelled read is an error (it compiled, index signature). */
export function eventTypos(event: import('../../src/webhooks/index.js').WebhookEvent) {
  if (event.type !== 'calculated_data.created') return [];
  return [
    event.data.clientId,
    event.timestamp,
    // @ts-expect-error `clientId`
    event.data.clientID,
    // @ts-expect-error `timestamp`
    event.timestmp,
  ];
}

/** The result of a revoke: named members only (it had an index signature). */
export function revokeTypos(result: import('../../src/index.js').RevokeResult) {
  return [
    result.custodianAuthorityId,
    result.status,
    // @ts-expect-error `custodianAuthorityId`
    result.custodianAuthorityID,
    // @ts-expect-error `status`
    result.state,
  ];
}
