/**
 * Type tests of transactions, checked by `tsc --noEmit` like instruments.test-d.ts (same shape: the per-kind
 * checks over the kind table, a `switch` with a case per kind, the create refusals, the relationship inputs).
 */
import { expectTypeOf } from 'vitest';
import type {
  Asset,
  BondInstrument,
  CreatableTransactionKind,
  DividendTransactionCreateParams,
  Instrument,
  PortfolioReporting,
  StockAsset,
  Transaction,
  TransactionCreateAttributes,
  TransactionCreateInput,
  TransactionKind,
  TransactionOf,
  UnknownResource,
} from '../../src/index.js';
import { attributesOf } from '../../src/index.js';
import type { TRANSACTION_KINDS } from '../../src/schemas/transactions.js';
import type { UntypedCreateFields, UntypedReadFields } from './kind-checks.js';

declare const prs: PortfolioReporting;
type Kinds = typeof TRANSACTION_KINDS;

// Every kind has every documented attribute typed, and every sendable attribute of every creatable kind too.
expectTypeOf<{ [K in TransactionKind]: UntypedReadFields<TransactionOf<K>, Kinds[K]['fields']> }>().toEqualTypeOf<{
  [K in TransactionKind]: never;
}>();
expectTypeOf<{
  [K in CreatableTransactionKind]: UntypedCreateFields<TransactionCreateAttributes<K>, Kinds[K]['fields']>;
}>().toEqualTypeOf<{ [K in CreatableTransactionKind]: never }>();

// A case per kind; a kind added to the table without a case here lands in `default`, which is then no longer `never`.
export function narrowsTransactions(x: Transaction): void {
  switch (x.type) {
    case 'account-interest-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'account-interest'>>();
      expectTypeOf(x.attributes.accountAmount).toEqualTypeOf<number>();
      break;
    case 'bond-coupon-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'bond-coupon'>>();
      expectTypeOf(x.attributes.grossAmount).toEqualTypeOf<number>();
      break;
    case 'bond-redemption-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'bond-redemption'>>();
      break;
    case 'bond-trade-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'bond-trade'>>();
      expectTypeOf(x.attributes.accruedInterest).toEqualTypeOf<number>();
      break;
    case 'cash-transfer-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'cash-transfer'>>();
      break;
    case 'dividend-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'dividend'>>();
      expectTypeOf(x.attributes.tax).toEqualTypeOf<number>();
      expectTypeOf(x.attributes.commission).toEqualTypeOf<number | undefined>();
      break;
    case 'equity-trade-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'equity-trade'>>();
      expectTypeOf(x.attributes.units).toEqualTypeOf<number>();
      // A field of another kind is a compile error to read; attributesOf() reaches every attribute as unknown.
      // @ts-expect-error grossAmount is an attribute of dividends, not of equity trades
      x.attributes.grossAmount;
      expectTypeOf(attributesOf(x).grossAmount).toBeUnknown();
      break;
    case 'fee-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'fee'>>();
      break;
    case 'futures-trade-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'futures-trade'>>();
      break;
    case 'futures-execution-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'futures-execution'>>();
      break;
    case 'fx-forward-cash-settlement-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'fx-forward-cash-settlement'>>();
      break;
    case 'fx-forward-physical-delivery-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'fx-forward-physical-delivery'>>();
      expectTypeOf(x.attributes.secondaryAccountAmount).toEqualTypeOf<number>();
      break;
    case 'fx-spot-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'fx-spot'>>();
      expectTypeOf(x.attributes.inflowAccountAmount).toEqualTypeOf<number>();
      break;
    case 'index-linked-bond-coupon-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'index-linked-bond-coupon'>>();
      break;
    case 'index-linked-bond-redemption-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'index-linked-bond-redemption'>>();
      break;
    case 'index-linked-bond-trade-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'index-linked-bond-trade'>>();
      expectTypeOf(x.attributes.indexFactor).toEqualTypeOf<string | number | undefined>();
      break;
    case 'loan-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'loan'>>();
      break;
    case 'private-market-fund-distribution-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'private-market-fund-distribution'>>();
      expectTypeOf(x.attributes.affectsIrr).toEqualTypeOf<boolean>();
      break;
    case 'private-market-fund-drawdown-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'private-market-fund-drawdown'>>();
      break;
    case 'refund-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'refund'>>();
      break;
    case 'zero-coupon-bond-trade-transaction':
      expectTypeOf(x).toEqualTypeOf<TransactionOf<'zero-coupon-bond-trade'>>();
      break;
    default:
      // KNOWN DEFECT, as in instruments.test-d.ts: the unknown member does not reach `default`.
      // @ts-expect-error see narrowsInstruments
      expectTypeOf(x).toEqualTypeOf<UnknownResource>();
      expectTypeOf(x).toBeNever();
  }
}

// The service makes FX forward and loan transactions; they cannot be created.
expectTypeOf<Exclude<TransactionKind, CreatableTransactionKind>>().toEqualTypeOf<
  'fx-forward-cash-settlement' | 'fx-forward-physical-delivery' | 'loan'
>();
expectTypeOf<TransactionCreateInput['type']>().toEqualTypeOf<`${CreatableTransactionKind}-transaction`>();
// The fee category has a default (`other`), so it may be left out.
expectTypeOf<TransactionCreateAttributes<'fee'>['category']>().toEqualTypeOf<
  'custody' | 'management' | 'other' | undefined
>();

const dates = { tradeDate: '2024-03-01', valueDate: '2024-03-05' } as const;
const trade = { accountAmount: -10_050, commission: 50, unitPrice: 100, units: 100, ...dates } as const;
const held = { account: 'a1', asset: 'as1', depository: 'd1' } as const;
declare const asset: Asset;
declare const instrument: Instrument;
declare const stock: StockAsset;
declare const bond: BondInstrument;
/** What the `account` relationship of a dividend takes. */
type TransactionAccountInput = NonNullable<DividendTransactionCreateParams['relationships']>['account'];

export function creates(): void {
  // The valid forms, against which each refusal below differs in one place.
  prs.transactions.create({ type: 'equity-trade-transaction', attributes: trade, relationships: held });
  prs.transactions.create({
    type: 'fee-transaction',
    attributes: { accountAmount: -5, ...dates },
    relationships: { account: 'a1' },
  });
  const spot = { inflowAccountAmount: 100, outflowAccountAmount: -90, ...dates };
  prs.transactions.create({
    type: 'fx-spot-transaction',
    attributes: spot,
    relationships: { inflowAccount: 'a1', outflowAccount: 'a2' },
  });

  // Everything a loan transaction would need but its `type`, so the refusal below has that one cause.
  const loan = { attributes: { accountAmount: 1, ...dates }, relationships: { account: 'a1', loan: 'l1' } } as const;
  // @ts-expect-error the service creates loan transactions with the loan
  prs.transactions.create({ type: 'loan-transaction', ...loan });
  const settlement = {
    attributes: { accountAmount: 1, ...dates },
    relationships: { account: 'a1', fxForward: 'f1' },
  } as const;
  // @ts-expect-error FX forward settlements are made by the service
  prs.transactions.create({ type: 'fx-forward-cash-settlement-transaction', ...settlement });
  prs.transactions.create({
    type: 'equity-trade-transaction',
    attributes: {
      ...trade,
      // @ts-expect-error units is a number
      units: '100',
    },
    relationships: held,
  });
  prs.transactions.create({
    type: 'fx-spot-transaction',
    attributes: {
      ...spot,
      // @ts-expect-error an inflow amount is a number, whatever its sign rule
      inflowAccountAmount: '100',
    },
    relationships: { inflowAccount: 'a1', outflowAccount: 'a2' },
  });
}

export function relationshipInputs(): void {
  // `asset` takes an id, a pair, or a returned resource of either family (assets are the v2 name of instruments).
  const attributes = { accountAmount: 10, grossAmount: 12, tax: 2, ...dates };
  prs.transactions.create({ type: 'dividend-transaction', attributes, relationships: { ...held, asset: stock } });
  prs.transactions.create({ type: 'dividend-transaction', attributes, relationships: { ...held, asset: bond } });
  prs.transactions.create({
    type: 'dividend-transaction',
    attributes,
    relationships: { ...held, asset: { type: 'asset', id: 'x' } },
  });
  prs.transactions.create({
    type: 'dividend-transaction',
    attributes,
    relationships: { ...held, asset: { type: 'stock-asset', id: 'x' } },
  });
  // An instrument relationship (a private market fund's) takes a returned instrument or asset of any kind it accepts.
  const fund = { accountAmount: 10, amount: 10, recallableAmount: 0, category: 'capital-call', ...dates } as const;
  const flags = { affectsEstimatedNav: true, affectsMultiples: true, affectsIrr: true, affectsCostBase: true } as const;
  const drawdown = 'private-market-fund-drawdown-transaction';
  const fundAttributes = { ...fund, ...flags, effectOnUnfundedCommitment: 0 };
  prs.transactions.create({
    type: drawdown,
    attributes: fundAttributes,
    relationships: { account: 'a1', instrument: bond },
  });
  prs.transactions.create({
    type: drawdown,
    attributes: fundAttributes,
    relationships: { account: 'a1', instrument: stock },
  });
  // The type is the target or a known kind of its families, as at run time: a typo is a compile error.
  prs.transactions.create({
    type: 'dividend-transaction',
    attributes,
    // @ts-expect-error "acount" is not "account"
    relationships: { ...held, account: { type: 'acount', id: 'x' } },
  });
  prs.transactions.create({
    type: 'dividend-transaction',
    attributes,
    // @ts-expect-error "stok-asset" is no kind of asset
    relationships: { ...held, asset: { type: 'stok-asset', id: 'x' } },
  });
  expectTypeOf<{ type: 'account'; id: string }>().toMatchTypeOf<TransactionAccountInput>();
  expectTypeOf<{ type: 'stock-asset'; id: string }>().not.toMatchTypeOf<TransactionAccountInput>();
  // Fee and refund kinds are refused (the service keeps them for reporting): a returned asset or instrument of any
  // kind (`Asset`, `Instrument`) is narrowed first.
  // @ts-expect-error it may be a fee or refund asset
  prs.transactions.create({ type: 'dividend-transaction', attributes, relationships: { ...held, asset } });
  // @ts-expect-error it may be a fee or refund instrument
  prs.transactions.create({ type: 'dividend-transaction', attributes, relationships: { ...held, asset: instrument } });
  if (asset.type !== 'fee-asset' && asset.type !== 'refund-asset')
    prs.transactions.create({ type: 'dividend-transaction', attributes, relationships: { ...held, asset } });

  // @ts-expect-error the depository of a holding transaction is required
  prs.transactions.create({ type: 'dividend-transaction', attributes, relationships: { account: 'a1', asset: 'x' } });
  // @ts-expect-error a futures execution names its opening transaction
  prs.transactions.create({ type: 'futures-execution-transaction', attributes: trade, relationships: held });
}

// A create answers the kind it was asked to create.
function createdTransaction(input: import('../../src/index.js').DividendTransactionCreateParams) {
  const created = prs.transactions.create(input);
  expectTypeOf<Awaited<typeof created>>().toEqualTypeOf<import('../../src/index.js').DividendTransaction>();
}
void createdTransaction;
