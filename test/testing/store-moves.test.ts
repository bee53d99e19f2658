/**
 * `Table.expect()`, `custodianAuthorities.advance()` and `invites.setState()` refuse as the store's other methods
 * do: a `ValidationError` named `mock.store.<table>.<method>()`, with the argument and the rule (they threw plain
 * `Error`s, and took an argument of the wrong kind from plain JavaScript as given). Nothing is changed by a refusal.
 */
import { describe, expect, it } from 'vitest';
import { createMockService, type MockStore, snapshotOf } from '../../src/testing/index.js';
import { thrownValidationError } from '../helpers/issues.js';

/** `call` throws a `ValidationError` with exactly `message`, and the store is as it was. */
function refused(store: MockStore, call: () => unknown, message: string): void {
  const before = snapshotOf(store);
  expect(thrownValidationError(call).message).toBe(message);
  expect(snapshotOf(store)).toEqual(before);
}

const TARGETS = '"awaiting-custodian", "awaiting-operator", "active", "cancelled", "revoked"';

/** A store with a legal entity's authority in `waiting-for-files` and a user's valid invite. */
function seeded() {
  const { store } = createMockService({ now: () => new Date('2024-05-01T10:00:00Z') });
  const client = store.clients.add({ name: 'Berg' });
  const le = store.legalEntities.add({ clientId: client.id, name: 'Berg Holding AB' });
  const authority = store.custodianAuthorities.add({ legalEntityId: le.id, custodianAuthFlowId: 'nordbank-v2' });
  const user = store.users.add({ clientId: client.id, firstName: 'A', lastName: 'B', contactEmail: 'a@b.test' });
  const invite = store.invites.add({ userId: user.id });
  return { store, authority, invite };
}

describe('Table.expect()', () => {
  it('names the table, the id and the rule as add() does', () => {
    const { store } = seeded();
    refused(store, () => store.clients.expect('c_x'), 'mock.store.clients.expect(): id: no client "c_x"');
    refused(
      store,
      () => store.custodianAuthorities.expect('a_x'),
      'mock.store.custodianAuthorities.expect(): id: no custodian-authority "a_x"',
    );
    refused(
      store,
      () => store.prices.expect(5 as never),
      'mock.store.prices.expect(): id: must be a string, got number 5',
    );
  });
});

describe('custodianAuthorities.advance()', () => {
  it('refuses a move the operator or the custodian does not make from the status the authority is in', () => {
    const { store, authority } = seeded();
    refused(
      store,
      () => store.custodianAuthorities.advance(authority.id, 'active'),
      `mock.store.custodianAuthorities.advance(): to: custodian-authority ${authority.id} is waiting-for-files; ` +
        'it can move to active only from awaiting-operator, awaiting-custodian, active',
    );
  });

  it('names every argument of the wrong kind in one error, before the authority is looked up', () => {
    const { store } = seeded();
    const error = thrownValidationError(() => store.custodianAuthorities.advance(7 as never, 'actve' as never));
    expect(error.issues).toEqual([
      { path: 'id', message: 'must be a string, got number 7' },
      { path: 'to', message: `must be one of ${TARGETS}, got "actve"` },
    ]);
    refused(
      store,
      () => store.custodianAuthorities.advance('a_x', 'active', { ccyCode: 978 } as never),
      'mock.store.custodianAuthorities.advance(): options.ccyCode: must be a string, got number 978',
    );
  });

  it('refuses an unknown option (it was ignored) and options that are not an object', () => {
    const { store, authority } = seeded();
    store.custodianAuthorities.advance(authority.id, 'cancelled', undefined);
    refused(
      store,
      () => store.custodianAuthorities.advance(authority.id, 'active', { currency: 'SEK' } as never),
      'mock.store.custodianAuthorities.advance(): options.currency: is not a known field here (accepted: ccyCode)',
    );
    refused(
      store,
      () => store.custodianAuthorities.advance(authority.id, 'active', 'SEK' as never),
      'mock.store.custodianAuthorities.advance(): options: must be an object, got "SEK"',
    );
  });

  it('refuses an id of no authority', () => {
    const { store } = seeded();
    refused(
      store,
      () => store.custodianAuthorities.advance('a_x', 'revoked'),
      'mock.store.custodianAuthorities.advance(): id: no custodian-authority "a_x"',
    );
  });
});

describe('invites.setState()', () => {
  it('refuses to move an invite that is no longer valid', () => {
    const { store, invite } = seeded();
    store.invites.setState(invite.id, 'used');
    refused(
      store,
      () => store.invites.setState(invite.id, 'expired'),
      `mock.store.invites.setState(): state: invite ${invite.id} is used; only a valid invite can become expired`,
    );
  });

  it('refuses a state it does not move to, an id that is not a string, and an id of no invite', () => {
    const { store, invite } = seeded();
    expect(thrownValidationError(() => store.invites.setState(null as never, 'valid' as never)).issues).toEqual([
      { path: 'id', message: 'must be a string, got null' },
      { path: 'state', message: 'must be "used" or "expired", got "valid"' },
    ]);
    refused(
      store,
      () => store.invites.setState(invite.id, 'cancelled' as never),
      'mock.store.invites.setState(): state: must be "used" or "expired", got "cancelled"',
    );
    refused(store, () => store.invites.setState('i_x', 'used'), 'mock.store.invites.setState(): id: no invite "i_x"');
    expect(store.invites.expect(invite.id).state).toBe('valid');
  });
});
