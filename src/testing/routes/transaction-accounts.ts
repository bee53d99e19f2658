/**
 * What the service does beyond the create rules of the transaction kinds (those are the SDK's, read from the
 * endpoint row): the kinds refused on an account excluded from reporting.
 */

/** Kinds refused on an account with `excludeFromReporting`, and the relationships naming its accounts. */
export const BARRED_WHEN_EXCLUDED: Record<string, readonly string[]> = {
  'account-interest-transaction': ['account'],
  'cash-transfer-transaction': ['account'],
  'fee-transaction': ['account'],
  'fx-spot-transaction': ['inflowAccount', 'outflowAccount'],
  'refund-transaction': ['account'],
};
