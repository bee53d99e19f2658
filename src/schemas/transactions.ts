/**
 * Transactions (v2, `<kind>-transaction`): the reference's table of twenty-one kinds, each kind's fields and
 * relationships written once below; response schemas, create rules and types all come from this table (the named
 * types, `DividendTransaction`, `DividendTransactionCreateAttributes`, …, written from it into
 * kind-types.generated.ts by `npm run generate`).
 */
import * as z from 'zod/mini';
import { type Field, f, isCalendarDate, rule, type Schema } from './fields.js';
import {
  type CreatableKind,
  type FamilySchemas,
  type KindCreateAttributes,
  kind,
  kindCreateSchemas,
  kindFamily,
} from './kind-table.js';
import type { TransactionsByKind } from './kind-types.generated.js';
import { kindUnion } from './kinds.js';
import { type Rel, rel } from './resource.js';

/** A number whose sign the reference fixes (FX spot: inflow positive, outflow negative). */
function signed(sign: 'positive' | 'negative', why: string): Field<z.ZodMiniNumber, Schema<number, number>> {
  const error = rule(`${sign} (${why})`);
  return {
    read: z.number(),
    create: z.number().check(sign === 'positive' ? z.positive(error) : z.negative(error)),
  };
}

/**
 * `indexFactor` of index-linked bond trades: the reference types it as a string there and as a number on
 * coupons and redemptions; both are accepted and sent as given.
 */
const stringOrNumber: Field<Schema<string | number>, Schema<string | number, string | number>> = {
  read: z.union([z.string(), z.number()]),
  create: z.union([z.string().check(z.minLength(1, { error: 'must not be empty' })), z.number()]),
};

/** `tradeDate` and `valueDate`: every kind has them. */
const dates = {
  /** Trade date, `YYYY-MM-DD` (end of day). */
  tradeDate: f.date(),
  /** Value date, `YYYY-MM-DD` (end of day). */
  valueDate: f.date(),
};
/** A free-text comment, where a kind has one. */
const comment = {
  /** Free-text comment. */
  comment: f.optional(f.string()),
};
/** `accountAmount`, `comment`, `tradeDate`, `valueDate`: present unless a kind says otherwise. */
const common = {
  /** Amount deposited to or withdrawn from the account, in the account currency. */
  accountAmount: f.number(),
  ...comment,
  ...dates,
};
/** `commission`, `unitPrice` and `units` of the trade kinds. */
const trade = {
  ...common,
  /** Commission, in the account currency: a positive number means commission paid. */
  commission: f.number(),
  /** Price per unit. */
  unitPrice: f.number(),
  /** Units bought or sold. */
  units: f.number(),
};
/** `accruedInterest` of bond trades. */
const accrued = {
  /** Accrued interest, in the asset currency. */
  accruedInterest: f.number(),
};
const affects = {
  /** Whether the transaction affects the estimated net asset value (recommended `true` for most). */
  affectsEstimatedNav: f.boolean(),
  /** Whether the transaction affects the multiples (recommended `true` for most). */
  affectsMultiples: f.boolean(),
  /** Whether the transaction affects the internal rate of return (recommended `true` for most). */
  affectsIrr: f.boolean(),
  /** Whether the transaction affects the cost base (recommended `true` for most). */
  affectsCostBase: f.boolean(),
};

/** Assets are the v2 name of instruments: either family's resource may be given for the `asset` relationship. */
const ASSET_FAMILIES = ['asset', 'instrument'] as const;
/** An asset or instrument a transaction names: `fee` and `refund` kinds exist only for reporting (the reference). */
// Typed so that its declaration keeps `Rel`'s optional members as they are (a spread's type, emitted, adds
// `| undefined` to them, which a consumer's `exactOptionalPropertyTypes` does not let extend `Rels`).
const heldAsset = <T extends 'asset' | 'instrument'>(
  target: T,
): Rel<T, false, 'required', (typeof ASSET_FAMILIES)[number]> & { refusedKinds: readonly ['fee', 'refund'] } => ({
  ...rel.one(target, 'required', ASSET_FAMILIES),
  refusedKinds: ['fee', 'refund'] as const,
});
const account = {
  /** The account whose balance the transaction changes. */
  account: rel.one('account', 'required'),
};
const held = {
  ...account,
  /** The asset (instrument) involved: an id, or an asset or instrument the SDK returned. */
  asset: heldAsset('asset'),
  /** The depository holding the asset. */
  depository: rel.one('depository', 'required'),
};
const fund = {
  ...account,
  /** The private market fund instrument: an id, or an asset or instrument the SDK returned. */
  instrument: heldAsset('instrument'),
};
/** The FX forward instrument a settlement belongs to. */
const fxForward = {
  /** The FX forward instrument that settled. */
  fxForward: heldAsset('asset'),
};

/** Within 0 and `amount` (either sign): 0 = not recallable, `amount` = fully recallable. */
const recallableWithinAmount = z.superRefine<Record<string, unknown>>((attrs, ctx) => {
  const { amount, recallableAmount } = attrs;
  if (typeof amount !== 'number' || typeof recallableAmount !== 'number') return;
  if (recallableAmount < Math.min(0, amount) || recallableAmount > Math.max(0, amount)) {
    ctx.addIssue({
      code: 'custom',
      path: ['recallableAmount'],
      message: `must lie between 0 (not recallable) and amount ${amount} (fully recallable), got ${recallableAmount}`,
      input: recallableAmount,
    });
  }
});

/** The twenty-one kinds of the reference, fields and relationships as documented. */
export const TRANSACTION_KINDS = {
  'account-interest': kind(true, common, account),
  'bond-coupon': kind(
    true,
    {
      ...common,
      /** Total coupon, gross, in the asset currency. */
      grossAmount: f.number(),
    },
    held,
  ),
  'bond-redemption': kind(
    true,
    {
      ...common,
      /** Redemption price per unit. */
      unitPrice: f.number(),
      /** Units redeemed. */
      units: f.number(),
    },
    held,
  ),
  'bond-trade': kind(true, { ...trade, ...accrued }, held),
  'cash-transfer': kind(true, common, {
    ...account,
    /** Set only for an internal transfer between accounts: the related transaction of the other account. */
    counterpartyTransaction: rel.one('transaction', 'optional', ['transaction']),
  }),
  dividend: kind(
    true,
    {
      ...common,
      /** Commission, in the account currency: a positive number means commission paid. Absent means 0. */
      commission: f.optional(f.number()),
      /** Dividend before deductions, in the asset currency. */
      grossAmount: f.number(),
      /** Tax deducted, in the asset currency. */
      tax: f.number(),
    },
    held,
  ),
  'equity-trade': kind(true, trade, held),
  fee: kind(
    true,
    {
      ...common,
      /**
       * What the fee is for: `custody`, `management` or `other`. Optional on create: the SDK sends the documented
       * default `other`.
       */
      category: f.withDefault(f.enum(['custody', 'management', 'other']), 'other'),
    },
    account,
  ),
  'futures-trade': kind(true, trade, held),
  'futures-execution': kind(true, trade, {
    ...held,
    /** The futures trade this execution closes. */
    openingTransaction: rel.one('transaction', 'required', ['transaction']),
  }),
  'fx-forward-cash-settlement': kind(
    false,
    {
      /** Amount deposited to or withdrawn from the account, in the account currency. */
      accountAmount: f.number(),
      ...dates,
    },
    { ...account, ...fxForward },
  ),
  'fx-forward-physical-delivery': kind(
    false,
    {
      /** Amount in the currency of the `primaryAccount`. */
      primaryAccountAmount: f.number(),
      /** Amount in the currency of the `secondaryAccount`. */
      secondaryAccountAmount: f.number(),
      ...dates,
    },
    {
      /** The account of the primary (notional) currency. */
      primaryAccount: rel.one('account', 'required'),
      /** The account of the secondary (settlement) currency. */
      secondaryAccount: rel.one('account', 'required'),
      ...fxForward,
    },
  ),
  'fx-spot': kind(
    true,
    {
      ...comment,
      /** Amount received, in the currency of the `inflowAccount`; must be positive. */
      inflowAccountAmount: signed('positive', 'the amount received, in the inflow account currency'),
      /** Amount paid, in the currency of the `outflowAccount`; must be negative. */
      outflowAccountAmount: signed('negative', 'the amount paid, in the outflow account currency'),
      ...dates,
    },
    {
      /** The account that receives the bought currency. */
      inflowAccount: rel.one('account', 'required'),
      /** The account that pays the sold currency. */
      outflowAccount: rel.one('account', 'required'),
    },
  ),
  'index-linked-bond-coupon': kind(
    true,
    {
      ...common,
      /** Total coupon, gross, in the asset currency. */
      grossAmount: f.number(),
      /** Index factor applied to the coupon. */
      indexFactor: f.number(),
    },
    held,
  ),
  'index-linked-bond-redemption': kind(
    true,
    {
      ...common,
      /** Index factor applied to the redemption. */
      indexFactor: f.number(),
      /** Redemption price per unit. */
      unitPrice: f.number(),
      /** Units redeemed. */
      units: f.number(),
    },
    held,
  ),
  'index-linked-bond-trade': kind(
    true,
    {
      ...trade,
      ...accrued,
      /**
       * Index factor. The reference types it as a string on this kind (a number on coupons and redemptions):
       * either is accepted and sent as given.
       */
      indexFactor: f.optional(stringOrNumber),
    },
    held,
  ),
  loan: kind(
    false,
    {
      /** Amount deposited to or withdrawn from the account, in the account currency. */
      accountAmount: f.number(),
      /** Interest, in the account currency. */
      interest: f.optional(f.number()),
      ...dates,
    },
    {
      ...account,
      /** The loan instrument. */
      loan: heldAsset('asset'),
    },
  ),
  'private-market-fund-distribution': kind(
    true,
    {
      ...common,
      /**
       * What is distributed: `distribution`, `capital-gain`, `dividend`, `return-of-capital`, `interest-received`,
       * `carried-interest` or `withholding-tax`.
       */
      category: f.enum([
        'distribution',
        'capital-gain',
        'dividend',
        'return-of-capital',
        'interest-received',
        'carried-interest',
        'withholding-tax',
      ]),
      /** Amount in the fund currency; positive, negative only for corrections. */
      amount: f.number(),
      /**
       * How much of `amount` can be called again, in the fund currency: `0` = not recallable, equal to `amount` =
       * fully recallable, in between = partly.
       */
      recallableAmount: f.number(),
      ...affects,
    },
    fund,
    recallableWithinAmount,
  ),
  'private-market-fund-drawdown': kind(
    true,
    {
      ...common,
      /** What is drawn: `capital-call`, `management-fee`, `interest-paid` or `other-fee`. */
      category: f.enum(['capital-call', 'management-fee', 'interest-paid', 'other-fee']),
      /** Amount in the fund currency; positive, negative only for corrections. */
      amount: f.number(),
      /**
       * Signed change to the remaining unfunded commitment: negative reduces it, positive increases it, `0`
       * leaves it unchanged.
       */
      effectOnUnfundedCommitment: f.number(),
      ...affects,
    },
    fund,
  ),
  refund: kind(true, common, account),
  'zero-coupon-bond-trade': kind(true, trade, held),
} as const;

type Kinds = typeof TRANSACTION_KINDS;
/** A transaction kind, e.g. `'dividend'`: the type is `<kind>-transaction`. */
export type TransactionKind = keyof Kinds;
/** A transaction kind that can be created through the interface (not `loan` or the two `fx-forward-*` kinds). */
export type CreatableTransactionKind = CreatableKind<Kinds>;

export const transactionFamily = kindFamily(TRANSACTION_KINDS, 'transaction');
/** Response schemas of every known transaction kind, by type string. */
export const transactionSchemas = transactionFamily.schemas;
export const transactionSchema = kindUnion(transactionSchemas);
/** Create-attribute schemas per creatable kind. */
export const transactionCreateSchemas = kindCreateSchemas(TRANSACTION_KINDS);

/** A transaction of a known kind: `DividendTransaction | EquityTradeTransaction | …`; narrow with `switch (tx.type)`. */
export type KnownTransaction = TransactionsByKind[TransactionKind];
/** The transaction of one kind, by its name: `TransactionOf<'dividend'>` is `DividendTransaction`. */
export type TransactionOf<K extends TransactionKind> = TransactionsByKind[K];
// What the named types of src/schemas/kind-types.generated.ts extend (not in src/index.ts, as for instruments).
export type InferredTransaction<K extends TransactionKind> = z.infer<
  FamilySchemas<Kinds, 'transaction'>[`${K}-transaction`]
>;
/** The attributes accepted when creating a transaction of one kind. */
export type TransactionCreateAttributes<K extends CreatableTransactionKind> = KindCreateAttributes<Kinds, K>;

// A declared shape type: the declaration build keeps the JSDoc of its members (it drops it on the members of an object
// literal written inside a zod call), so hover on the fields of `TransactionListParams` shows it. No run-time cost.
type TransactionListShape = {
  /**
   * The id of the account whose transactions to list. Give it, `depositoryId`, or both: at least one is
   * required.
   */
  accountId: z.ZodMiniOptional<Schema<string, string>>;
  /**
   * The id of the depository whose transactions to list. Give it, `accountId`, or both: at least one is
   * required.
   */
  depositoryId: z.ZodMiniOptional<Schema<string, string>>;
  /**
   * First date of the interval, a calendar date `YYYY-MM-DD`, included. Which date of a transaction
   * (`tradeDate` or `valueDate`) is compared: not shown in the reference.
   */
  fromDate: Schema<string, string>;
  /** Last date of the interval, a calendar date `YYYY-MM-DD`, included (closed interval; not before `fromDate`). */
  toDate: Schema<string, string>;
};
/** The query of `transactions.list`: an account or a depository (or both) and a closed date interval. */
export const transactionListQuery: z.ZodMiniObject<TransactionListShape, z.core.$strict> = z
  .strictObject({
    accountId: z.optional(f.string().create),
    depositoryId: z.optional(f.string().create),
    fromDate: f.date().create,
    toDate: f.date().create,
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.accountId === undefined && q.depositoryId === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['accountId'],
          message: 'accountId or depositoryId is required (both may be given)',
          input: q,
        });
      }
      if (isCalendarDate(q.fromDate) && isCalendarDate(q.toDate) && q.fromDate > q.toDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['fromDate'],
          message: `must not be after toDate (${q.toDate}); the interval is closed, equal dates list one day`,
          input: q.fromDate,
        });
      }
    }),
  );
/** The fields of `transactions.list`'s query as its schema reads them, each of the pair optional (its rule: `TransactionListParams`). */
export interface TransactionListFields extends z.infer<typeof transactionListQuery> {
  fromDate: z.infer<typeof transactionListQuery>['fromDate'];
  toDate: z.infer<typeof transactionListQuery>['toDate'];
}
/** `transactions.list` by account: `accountId` given (`depositoryId` may be given too). */
export interface TransactionListByAccount {
  /** The id of the account whose transactions to list. */
  accountId: string;
}
/** `transactions.list` by depository: `depositoryId` given (`accountId` may be given too). */
export interface TransactionListByDepository {
  /** The id of the depository whose transactions to list. */
  depositoryId: string;
}
/**
 * The query of `transactions.list`: `accountId` and/or `depositoryId` (at least one: a call with neither does not
 * compile), and `fromDate`–`toDate` (inclusive).
 */
export type TransactionListParams = TransactionListFields & (TransactionListByAccount | TransactionListByDepository);
/**
 * The former name of `TransactionListParams`, kept so existing code compiles.
 * @deprecated use `TransactionListParams`
 */
export type TransactionListQuery = TransactionListParams;
