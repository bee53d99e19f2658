/** Value lists of the custodian schemas that resources check at run time: zod-free, as the client imports them at once. */

/** The states of a custodian authority, in the order of the documented flow. */
export const CUSTODIAN_AUTHORITY_STATUSES = [
  'waiting-for-files',
  'waiting-for-consent',
  'awaiting-operator',
  'awaiting-custodian',
  'active',
  'revoke-in-progress',
  'revoked',
  'cancelled',
] as const;

/** The digests a consent file's hash may name. */
export const HASH_ALGORITHMS = ['sha2-256', 'sha3-256'] as const;
