/**
 * One line per kind of the kind tables (`INSTRUMENT_KINDS`, `TRANSACTION_KINDS`): what a resource of that kind is,
 * the start of the JSDoc of its named type (`A bond: \`bond-instrument\` (v3).`). Documentation only:
 * scripts/generate-kind-types.ts reads it to write src/schemas/kind-types.generated.ts, and no module of the SDK
 * imports it, so the bundles carry none of it. A kind added to a table without its line here (or a line without
 * its kind) is a compile error.
 */
import type { InstrumentKind } from './instruments.js';
import type { TransactionKind } from './transactions.js';

/** The description of each kind, by family: instruments and assets share theirs (one kind table). */
export const KIND_DESCRIPTIONS = {
  instrument: {
    bond: 'A bond',
    'index-linked-bond': 'An index-linked bond',
    'zero-coupon-bond': 'A zero coupon bond',
    stock: 'A stock',
    'mutual-fund': 'A mutual fund',
    fee: 'A fee, kept for reporting only (cannot be created)',
    refund: 'A refund, kept for reporting only (cannot be created)',
    loan: 'A loan (receivable or payable) of an account',
    'fx-forward-cash-settlement': 'An FX forward settled in cash',
    'fx-forward-physical-delivery': 'An FX forward settled by physical delivery',
    'private-market-fund-commitment-based': 'A commitment-based private market fund investment',
    other: 'An uncommon instrument (retrieval only)',
  } satisfies Record<InstrumentKind, string>,
  transaction: {
    'account-interest': 'Interest credited or charged on an account',
    'bond-coupon': 'A coupon paid on a bond',
    'bond-redemption': 'A bond redeemed',
    'bond-trade': 'A bond bought or sold',
    'cash-transfer': 'Cash moved into or out of an account (internal transfers link the other side)',
    dividend: 'A dividend paid on a holding',
    'equity-trade': 'A stock or fund bought or sold',
    fee: 'A fee charged to an account',
    'futures-trade': 'A futures contract bought or sold',
    'futures-execution': 'A futures contract executed (closes its opening trade)',
    'fx-forward-cash-settlement': 'An FX forward settled in cash (made by the service)',
    'fx-forward-physical-delivery': 'An FX forward settled by physical delivery (made by the service)',
    'fx-spot': 'A spot currency exchange between two accounts',
    'index-linked-bond-coupon': 'A coupon paid on an index-linked bond',
    'index-linked-bond-redemption': 'An index-linked bond redeemed',
    'index-linked-bond-trade': 'An index-linked bond bought or sold',
    loan: 'A loan payment (made by the service with the loan instrument)',
    'private-market-fund-distribution': 'A distribution from a private market fund',
    'private-market-fund-drawdown': 'A drawdown (capital call or fee) of a private market fund',
    refund: 'A refund credited to an account',
    'zero-coupon-bond-trade': 'A zero coupon bond bought or sold',
  } satisfies Record<TransactionKind, string>,
};
