/**
 * Custodians, their auth flows, custodian authorities and their files. The moves the operator and the
 * custodian make (which no endpoint causes) are `custodianAuthorities.advance()`.
 */

import { mustBe } from '../../core/describe.js';
import { checkKeys } from '../../core/settings.js';
import type { ValidationIssue } from '../../core/validation-error.js';
import { addedRecord } from './record-schemas.js';
import type {
  AuthFlowRecord,
  AuthorityFileRecord,
  CustodianAuthorityRecord,
  CustodianAuthorityStatus,
  CustodianRecord,
} from './records.js';
import type { MockStore } from './store.js';
import { Table } from './table.js';

export class Custodians extends Table<CustodianRecord> {
  constructor(private readonly store: MockStore) {
    super('custodian');
  }
  /** @example mock.store.custodians.add({ identifier: 'kestrel-bank', name: 'Kestrel Bank', country: 'GB' }); */
  add(input: Omit<CustodianRecord, 'id'>): CustodianRecord {
    const record = addedRecord(this.store, 'custodians', 'add', input, (i) => ({ ...i }));
    return this.insert({ ...record, id: this.store.ids.hex24() });
  }
  /** @example mock.store.custodians.byIdentifier('nordbank') */
  byIdentifier(identifier: string): CustodianRecord | undefined {
    return this.all().find((c) => c.identifier === identifier);
  }
}

export class AuthFlows extends Table<AuthFlowRecord> {
  constructor(private readonly store: MockStore) {
    super('custodian-auth-flow');
  }
  /**
   * Adds a flow under the id given; an id a flow has already is refused (`ids are unique in a table`), as is a
   * `supersededBy` of no flow (add the flow that supersedes first).
   * @example mock.store.authFlows.add({ id: 'kestrel-v1', custodianId: kestrel.id, expectedFiles: ['power-of-attorney'] });
   */
  add(input: AuthFlowRecord): AuthFlowRecord {
    const record = addedRecord(this.store, 'authFlows', 'add', input, (i) => ({ ...i }), []);
    return this.insert(record);
  }
}

/** Moves made outside the interface, by the operator or the custodian, and where each may start. */
const OUTSIDE_MOVES: Record<AdvanceTarget, readonly CustodianAuthorityStatus[]> = {
  'awaiting-custodian': ['awaiting-operator'],
  'awaiting-operator': ['awaiting-custodian'],
  active: ['awaiting-operator', 'awaiting-custodian', 'active'],
  cancelled: ['waiting-for-files', 'waiting-for-consent', 'awaiting-operator', 'awaiting-custodian'],
  revoked: ['revoke-in-progress'],
};
/** The statuses `advance()` takes, as its refusal lists them. */
const TARGETS = Object.keys(OUTSIDE_MOVES)
  .map((status) => JSON.stringify(status))
  .join(', ');
/**
 * A status `custodianAuthorities.advance()` can move an authority to: the moves the operator and the custodian make.
 */
export type AdvanceTarget = 'awaiting-operator' | 'awaiting-custodian' | 'active' | 'cancelled' | 'revoked';

/** `POST /custodian-authorities/:id/revoke` is allowed from these (the reference does not say). */
export const REVOCABLE: readonly CustodianAuthorityStatus[] = [
  'waiting-for-files',
  'waiting-for-consent',
  'awaiting-operator',
  'awaiting-custodian',
  'active',
];

/** Authorities that no longer hold a consent (their numbers may be used again). */
export const ENDED: readonly CustodianAuthorityStatus[] = ['revoked', 'cancelled'];

export class CustodianAuthorities extends Table<CustodianAuthorityRecord> {
  constructor(private readonly store: MockStore) {
    super('custodian-authority');
  }

  /** Creates an authority in `waiting-for-files`, as the create endpoint does. @example mock.store.custodianAuthorities.add({ legalEntityId: le.id, custodianAuthFlowId: 'nordbank-v2' }) */
  add(input: { legalEntityId: string; custodianAuthFlowId: string }): CustodianAuthorityRecord {
    // The rest of the record is the store's: an authority starts as the create endpoint makes it.
    addedRecord(this.store, 'custodianAuthorities', 'add', input, (i) => ({ ...i }), [
      'id',
      'custodianId',
      'status',
      'pendingFiles',
      'linkedDepositories',
      'linkedAccounts',
      'consent',
    ]);
    // Found: the check above refuses an id of no flow.
    const flow = this.store.authFlows.expect(input.custodianAuthFlowId);
    return this.insert({
      id: this.store.ids.uuid(),
      legalEntityId: input.legalEntityId,
      custodianId: flow.custodianId,
      custodianAuthFlowId: flow.id,
      status: 'waiting-for-files',
      pendingFiles: [...flow.expectedFiles],
      linkedDepositories: [],
      linkedAccounts: [],
    });
  }

  /**
   * Moves an authority the way the operator or the custodian would: `awaiting-operator` ⇄
   * `awaiting-custodian`; `active` from either (every `in-progress` linked entry becomes `active`, matched
   * to the legal entity's depository or account with that external identifier, created when missing, an
   * account in `ccyCode`, default EUR); `cancelled` before it became active; `revoked` from
   * `revoke-in-progress` (the links are removed). Any other move, and an argument of the wrong kind, is a
   * `ValidationError`: `mock.store.custodianAuthorities.advance(): to: custodian-authority <id> is active; it can move
   * to revoked only from revoke-in-progress`.
   * @example
   * mock.store.custodianAuthorities.advance(authority.id, 'awaiting-custodian');
   * mock.store.custodianAuthorities.advance(authority.id, 'active');
   */
  advance(id: string, to: AdvanceTarget, options?: { ccyCode?: string }): CustodianAuthorityRecord {
    // The arguments' kinds first (options as every option object is checked), before the authority is looked up.
    checkKeys(this.what('advance'), options, ['ccyCode'], 'options', '');
    const issues: ValidationIssue[] = [];
    if (typeof id !== 'string') issues.push({ path: 'id', message: mustBe('a string', id) });
    if (!Object.hasOwn(OUTSIDE_MOVES, to)) issues.push({ path: 'to', message: mustBe(`one of ${TARGETS}`, to) });
    if (options?.ccyCode !== undefined && typeof options.ccyCode !== 'string')
      issues.push({ path: 'options.ccyCode', message: mustBe('a string', options.ccyCode) });
    if (issues.length) this.refuse('advance', issues);
    const authority = this.found('advance', id);
    const from = OUTSIDE_MOVES[to];
    if (!from.includes(authority.status))
      this.refuse('advance', [
        {
          path: 'to',
          message: `${this.label} ${id} is ${authority.status}; it can move to ${to} only from ${from.join(', ')}`,
        },
      ]);
    authority.status = to;
    if (to === 'active') this.activateLinks(authority, options?.ccyCode ?? 'EUR');
    if (to === 'revoked') {
      authority.linkedDepositories = [];
      authority.linkedAccounts = [];
    }
    return authority;
  }

  private activateLinks(authority: CustodianAuthorityRecord, ccyCode: string): void {
    const { legalEntityId } = authority;
    for (const entry of authority.linkedDepositories.filter((e) => e.status === 'in-progress')) {
      const existing = this.store.depositories.where(
        (d) => d.legalEntityId === legalEntityId && d.externalIdentifier === entry.depositoryNumber,
      )[0];
      entry.depositoryId = (
        existing ?? this.store.depositories.add({ legalEntityId, externalIdentifier: entry.depositoryNumber })
      ).id;
      entry.status = 'active';
    }
    for (const entry of authority.linkedAccounts.filter((e) => e.status === 'in-progress')) {
      const existing = this.store.accounts.where(
        (a) => a.legalEntityId === legalEntityId && a.externalIdentifier === entry.accountNumber,
      )[0];
      entry.accountId = (
        existing ?? this.store.accounts.add({ legalEntityId, externalIdentifier: entry.accountNumber, ccyCode })
      ).id;
      entry.status = 'active';
    }
  }
}

export class AuthorityFiles extends Table<AuthorityFileRecord> {
  constructor() {
    super('custodian-authority-file');
  }
  /** The files of one authority, in upload order. @example mock.store.custodianAuthorityFiles.of(authority.id) */
  of(custodianAuthorityId: string): AuthorityFileRecord[] {
    return this.where((f) => f.custodianAuthorityId === custodianAuthorityId);
  }
}
