/**
 * Transactions (v2, `<kind>-transaction`): the reference's table of twenty-one kinds, each kind's fields and
 * relationships written once below; response schemas, create rules and types all come from this table.
 */
import * as z from 'zod/mini';
import { type Field, f, isCalendarDate, type Schema } from './fields.js';
import {
  type CreatableKind,
  type FamilySchemas,
  type KindCreateAttributes,
  type KnownOf,
  kind,
  kindCreateSchemas,
  kindFamily,
} from './kind-table.js';
import { kindUnion } from './kinds.js';
import { rel } from './resource.js';

/** A number whose sign the reference fixes (FX spot: inflow positive, outflow negative). */
function signed(sign: 'positive' | 'negative', why: string): Field<z.ZodMiniNumber, Schema<number, number>> {
  const error = `must be ${sign} (${why})`;
  return {
    read: z.number(),
    create: z.number().check(sign === 'positive' ? z.positive({ error }) : z.negative({ error })),
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

/** `accountAmount`, `comment`, `tradeDate`, `valueDate`: present unless a kind says otherwise. */
const dates = { tradeDate: f.date(), valueDate: f.date() };
const common = { accountAmount: f.number(), comment: f.optional(f.string()), ...dates };
const trade = { ...common, commission: f.number(), unitPrice: f.number(), units: f.number() };
const affects = {
  affectsEstimatedNav: f.boolean(),
  affectsMultiples: f.boolean(),
  affectsIrr: f.boolean(),
  affectsCostBase: f.boolean(),
};

/** Assets are the v2 name of instruments: either family's resource may be given for the `asset` relationship. */
const ASSET_FAMILIES = ['asset', 'instrument'] as const;
const account = { account: rel.one('account', 'required') };
const held = {
  ...account,
  asset: rel.one('asset', 'required', ASSET_FAMILIES),
  depository: rel.one('depository', 'required'),
};
const fund = { ...account, instrument: rel.one('instrument', 'required', ASSET_FAMILIES) };

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
  'bond-coupon': kind(true, { ...common, grossAmount: f.number() }, held),
  'bond-redemption': kind(true, { ...common, unitPrice: f.number(), units: f.number() }, held),
  'bond-trade': kind(true, { ...trade, accruedInterest: f.number() }, held),
  'cash-transfer': kind(true, common, {
    ...account,
    // Set only for an internal transfer: the related transaction of the other account.
    counterpartyTransaction: rel.one('transaction', 'optional', ['transaction']),
  }),
  dividend: kind(
    true,
    { ...common, commission: f.optional(f.number()), grossAmount: f.number(), tax: f.number() },
    held,
  ),
  'equity-trade': kind(true, trade, held),
  fee: kind(true, { ...common, category: f.withDefault(f.enum(['custody', 'management', 'other']), 'other') }, account),
  'futures-trade': kind(true, trade, held),
  'futures-execution': kind(true, trade, {
    ...held,
    openingTransaction: rel.one('transaction', 'required', ['transaction']),
  }),
  'fx-forward-cash-settlement': kind(
    false,
    { accountAmount: f.number(), ...dates },
    { ...account, fxForward: rel.one('asset', 'required', ASSET_FAMILIES) },
  ),
  'fx-forward-physical-delivery': kind(
    false,
    { primaryAccountAmount: f.number(), secondaryAccountAmount: f.number(), ...dates },
    {
      primaryAccount: rel.one('account', 'required'),
      secondaryAccount: rel.one('account', 'required'),
      fxForward: rel.one('asset', 'required', ASSET_FAMILIES),
    },
  ),
  'fx-spot': kind(
    true,
    {
      comment: f.optional(f.string()),
      inflowAccountAmount: signed('positive', 'the amount received, in the inflow account currency'),
      outflowAccountAmount: signed('negative', 'the amount paid, in the outflow account currency'),
      ...dates,
    },
    { inflowAccount: rel.one('account', 'required'), outflowAccount: rel.one('account', 'required') },
  ),
  'index-linked-bond-coupon': kind(true, { ...common, grossAmount: f.number(), indexFactor: f.number() }, held),
  'index-linked-bond-redemption': kind(
    true,
    { ...common, indexFactor: f.number(), unitPrice: f.number(), units: f.number() },
    held,
  ),
  'index-linked-bond-trade': kind(
    true,
    { ...trade, accruedInterest: f.number(), indexFactor: f.optional(stringOrNumber) },
    held,
  ),
  loan: kind(
    false,
    { accountAmount: f.number(), interest: f.optional(f.number()), ...dates },
    { ...account, loan: rel.one('asset', 'required', ASSET_FAMILIES) },
  ),
  'private-market-fund-distribution': kind(
    true,
    {
      ...common,
      category: f.enum([
        'distribution',
        'capital-gain',
        'dividend',
        'return-of-capital',
        'interest-received',
        'carried-interest',
        'withholding-tax',
      ]),
      amount: f.number(),
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
      category: f.enum(['capital-call', 'management-fee', 'interest-paid', 'other-fee']),
      amount: f.number(),
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

/** A transaction of a known kind; narrow with `switch (transaction.type)`. */
export type KnownTransaction = KnownOf<Kinds, 'transaction'>;
/** The transaction of one kind, e.g. `TransactionOf<'dividend'>`. */
export type TransactionOf<K extends TransactionKind> = z.infer<FamilySchemas<Kinds, 'transaction'>[`${K}-transaction`]>;
/** The attributes accepted when creating a transaction of one kind. */
export type TransactionCreateAttributes<K extends CreatableTransactionKind> = KindCreateAttributes<Kinds, K>;

/** The query of `transactions.list`: an account or a depository (or both) and a closed date interval. */
export const transactionListQuery = z
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
/** The query of `transactions.list`: `accountId` and/or `depositoryId`, and `fromDate`–`toDate` (inclusive). */
export type TransactionListQuery = z.infer<typeof transactionListQuery>;
