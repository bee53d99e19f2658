/**
 * One line per kind of the kind tables (`INSTRUMENT_KINDS`, `TRANSACTION_KINDS`): what a resource of that kind is,
 * the start of the JSDoc of its named type (`A bond: \`bond-instrument\` (v3).`); the JSDoc of the named type of
 * every other resource (`Account`); and the relationships the reference deprecates. Documentation only:
 * scripts/generate-kind-types.ts reads it to write src/schemas/kind-types.generated.ts, and no module of the SDK
 * imports it, so the bundles carry none of it. A kind
 * added to a table without its line here (or a line without its kind) is a compile error; a resource without its
 * line (or a line without its resource) fails the script, and so the test that holds the generated file to it.
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

/**
 * The JSDoc of the named type of each resource that is not a kind (`Account`, `Price`), by its `type`; a line
 * break is kept where it stands (hover shows it).
 */
export const RESOURCE_DESCRIPTIONS: Record<string, string> = {
  'legal-entity': 'A legal entity (`legal-entity`): owns accounts and depositories, belongs to a client.',
  account:
    'An account (`account`). Its depositories come as `relationships.depositories`; the deprecated\n`relationships.depository` holds the same single depository while the service still sends it.',
  depository: 'A depository (`depository`) with its `legalEntity` and linked `accounts`.',
  'instrument-class': 'An instrument class (v3, `instrument-class`).',
  'instrument-class-detailed': 'A detailed instrument class (v3) with its `instrumentClass` relationship.',
  'asset-class': 'An asset class (v2, `asset-class`).',
  'asset-class-detailed': 'A detailed asset class (v2) with its `assetClass` relationship.',
  custodian: "A custodian; its `identifier` is the slug the consent's `custodianIdentifier` names.",
  'custodian-authority':
    'A custodian authority (`custodian-authority`): its `status`, the `pendingFiles` still to upload, and the depositories\nand accounts linked so far.',
  'custodian-authority-file': "An uploaded proof file; its `hash` (`sha2-256:<hex>`) feeds the consent's `files`.",
  holding: 'A holding (`holding`): market value per date, aggregated according to `expand`.',
  'asset-holding': 'An asset holding (`asset-holding`): the most detailed level, with `unitsInHolding`.',
  limit: 'An investment limit as decoded.',
  'limit-status': "A limit's status on a date (its id is the limit's id).",
  'interest-rate':
    'An interest rate (`interest-rate`): `value` as a decimal annual rate from `date`, and who supplied it (`provider`).',
  price:
    'A price (`price`): the end-of-day `value` on `date` in the instrument currency, and who supplied it (`provider`).',
  'index-factor':
    'An index factor (`index-factor`) of an index-linked bond: `value` dated `date`, and who supplied it (`provider`).',
  'net-asset-value':
    'A net asset value (`net-asset-value`, v3 only): `value` on `officialDate`, effective from `effectiveDate`.',
  user: 'A user (`user`) with `client` and `readAccessToReportingEntities`.',
  invite: 'An invite (`invite`): `state`, the `link` to deliver, its restrictions and `expiration`.',
};

/**
 * The relationships the reference deprecates, by resource `type`: the `@deprecated` text of each (what to use
 * instead), written on the member of the named relationships type (`AccountRelationships.depository`), so an editor
 * strikes a read of it through. Only there: the create inputs, which still link with it, are not marked.
 */
export const DEPRECATED_RELATIONSHIPS: Record<string, Record<string, string>> = {
  account: {
    depository:
      'The reference deprecates it on accounts: read `depositories`, which holds the same single\ndepository while the service still sends this one.',
  },
};
