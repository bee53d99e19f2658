/** Users and invites: seeding helpers and the invite moves the service makes by itself (used, expired). */

import { mustBe } from '../../core/describe.js';
import type { ValidationIssue } from '../../core/validation-error.js';
import { addedRecord } from './record-schemas.js';
import type { InviteRecord, InviteState, UserRecord } from './records.js';
import type { MockStore } from './store.js';
import { Table } from './table.js';

/** Invites expire this long after creation unless told otherwise. */
export const INVITE_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

export class Users extends Table<UserRecord> {
  constructor(private readonly store: MockStore) {
    super('user');
  }
  /** @example const user = mock.store.users.add({ clientId, firstName: 'Ada', lastName: 'Berg', contactEmail: 'ada@example.com' }); */
  add(
    input: Omit<UserRecord, 'id' | 'readAccessToReportingEntities'> & { readAccessToReportingEntities?: string[] },
  ): UserRecord {
    const record = addedRecord(this.store, 'users', 'add', input, (i) => ({
      ...i,
      readAccessToReportingEntities: input.readAccessToReportingEntities ?? [],
    }));
    return this.insert({ ...record, id: this.store.ids.uuid() });
  }
}

export class Invites extends Table<InviteRecord> {
  constructor(private readonly store: MockStore) {
    super('invite');
  }

  /**
   * Creates a `valid` invite the way `POST /users/:id/invites` does.
   * @example const invite = mock.store.invites.add({ userId: user.id });
   */
  add(input: {
    userId: string;
    restrictedToIdentityProvider?: InviteRecord['restrictedToIdentityProvider'];
    restrictedToEmail?: string;
    linkBase?: string;
  }): InviteRecord {
    // The state, the link and the expiration are the store's; the link base is not a member of the record.
    addedRecord(
      this.store,
      'invites',
      'add',
      input,
      ({ linkBase: _, ...i }) => ({
        ...i,
        restrictedToIdentityProvider: input.restrictedToIdentityProvider ?? '',
        restrictedToEmail: input.restrictedToEmail ?? '',
      }),
      ['id', 'state', 'link', 'expiration'],
    );
    // Found: the check above refuses an id of no user.
    const user = this.store.users.expect(input.userId);
    const now = this.store.now().getTime();
    return this.insert({
      id: this.store.ids.uuid(),
      userId: user.id,
      state: 'valid',
      link: `${input.linkBase ?? this.store.inviteBaseUrl}/-/invite/${this.store.ids.token()}`,
      restrictedToIdentityProvider: input.restrictedToIdentityProvider ?? '',
      restrictedToEmail: input.restrictedToEmail ?? user.contactEmail,
      expiration: new Date(now + INVITE_LIFETIME_MS).toISOString(),
    });
  }

  /**
   * Moves an invite the way the service does by itself: `used` (the user connected an identity) or
   * `expired`. A `valid` invite past its expiration also reads as `expired`. Any other move is a `ValidationError`:
   * `mock.store.invites.setState(): state: invite <id> is used; only a valid invite can become expired`.
   * @example mock.store.invites.setState(invite.id, 'used');
   */
  setState(id: string, state: Exclude<InviteState, 'valid'>): InviteRecord {
    const issues: ValidationIssue[] = [];
    if (typeof id !== 'string') issues.push({ path: 'id', message: mustBe('a string', id) });
    if (state !== 'used' && state !== 'expired')
      issues.push({ path: 'state', message: mustBe('"used" or "expired"', state) });
    if (issues.length) this.refuse('setState', issues);
    const invite = this.found('setState', id);
    if (invite.state !== 'valid')
      this.refuse('setState', [
        { path: 'state', message: `${this.label} ${id} is ${invite.state}; only a valid invite can become ${state}` },
      ]);
    invite.state = state;
    return invite;
  }

  /** The state as of now: a valid invite past its expiration is expired. */
  stateOf(invite: InviteRecord): InviteState {
    return invite.state === 'valid' && Date.parse(invite.expiration) <= this.store.now().getTime()
      ? 'expired'
      : invite.state;
  }
}
