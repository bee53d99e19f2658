/**
 * `snapshotOf` / `restoreSnapshot` (what `portfolio-reporting mock --state FILE` saves and loads): a snapshot is
 * checked whole before anything is replaced, and its `idsDrawn` must not be smaller than where the id sequence stood
 * once its own ids were drawn, else a new record would get the id of one it holds.
 */
import { describe, expect, it } from 'vitest';
import { createMockService, restoreSnapshot, seedDemo, snapshotOf } from '../../src/testing/index.js';

/** A user of the store's first client: an id in the other format (a UUID, four numbers of the sequence). */
const user = (mock: ReturnType<typeof createMockService>) =>
  mock.store.users.add({
    clientId: mock.store.clients.all()[0]?.id as string,
    firstName: 'Ada',
    lastName: 'Berg',
    contactEmail: 'ada@example.com',
  }).id;

/** A snapshot through JSON, as the file holds it. */
const saved = (mock: ReturnType<typeof createMockService>) => JSON.parse(JSON.stringify(snapshotOf(mock.store)));

describe('restoreSnapshot', () => {
  it('restores the records and goes on drawing ids where the sequence stood, as if never stopped', () => {
    const first = createMockService({ seed: seedDemo });
    for (let i = 0; i < 50; i++) first.store.clients.add({ name: `client ${i}` });
    const snapshot = saved(first);
    const second = createMockService();
    restoreSnapshot(second.store, snapshot);
    expect(second.store.clients.all()).toEqual(first.store.clients.all());
    expect(second.store.ids.drawn).toBe(first.store.ids.drawn);
    const next = [second.store.clients.add({ name: 'a' }).id, user(second)];
    expect(next).toEqual([first.store.clients.add({ name: 'a' }).id, user(first)]);
  });

  const base = () => saved(createMockService({ seed: seedDemo }));
  it.each([
    [
      'a snapshot that is not an object',
      () => null,
      'the snapshot must be an object { format: 1, idsDrawn, tables }, got null',
    ],
    ['another format', (s: any) => ({ ...s, format: 2 }), 'format: must be 1, got number 2'],
    [
      'a member of no snapshot',
      (s: any) => ({ ...s, extra: true }),
      'extra: is not a member of a snapshot (format, idsDrawn, tables)',
    ],
    ['idsDrawn missing', ({ idsDrawn, ...s }: any) => s, 'idsDrawn: is required'],
    [
      'idsDrawn not whole',
      (s: any) => ({ ...s, idsDrawn: 1.5 }),
      'idsDrawn: must be a whole number from 0 to 4294967295, got number 1.5',
    ],
    [
      'idsDrawn a string',
      (s: any) => ({ ...s, idsDrawn: '99' }),
      'idsDrawn: must be a whole number from 0 to 4294967295, got "99"',
    ],
    [
      'tables an array',
      (s: any) => ({ ...s, tables: [] }),
      "tables: must be an object of the store's tables by name, got an array",
    ],
    [
      'an unknown table',
      (s: any) => ({ ...s, tables: { ...s.tables, ledgers: [] } }),
      'tables.ledgers: is not a table of the mock store',
    ],
    [
      'a table that is a string',
      (s: any) => ({ ...s, tables: { clients: 'abc' } }),
      'tables.clients: must be an array of records, got "abc"',
    ],
    [
      'a table that is a number',
      (s: any) => ({ ...s, tables: { clients: 5 } }),
      'tables.clients: must be an array of records, got number 5',
    ],
    [
      'a null row',
      (s: any) => ({ ...s, tables: { clients: [null] } }),
      'tables.clients[0]: must be a record (an object with a string id), got null',
    ],
    [
      'a row without id',
      (s: any) => ({ ...s, tables: { clients: [{ id: 'c1' }, { name: 'no id' }] } }),
      'tables.clients[1].id: is required',
    ],
    [
      'a number id',
      (s: any) => ({ ...s, tables: { clients: [{ id: 7 }] } }),
      'tables.clients[0].id: must be a non-empty string, got number 7',
    ],
    [
      'an id twice',
      (s: any) => ({ ...s, tables: { clients: [{ id: 'c1' }, { id: 'c2' }, { id: 'c1' }] } }),
      'tables.clients[2].id: "c1" is the id of tables.clients[0] too; ids are unique in a table',
    ],
  ])('refuses %s, naming the member and the rule, and keeps the store as it was', (_, edit, problem) => {
    const mock = createMockService();
    mock.store.clients.add({ name: 'kept' });
    const before = snapshotOf(mock.store);
    expect(() => restoreSnapshot(mock.store, edit(base()))).toThrow(`restoreSnapshot(): ${problem}`);
    expect(snapshotOf(mock.store)).toEqual(before);
  });

  it('refuses an idsDrawn smaller than its ids need (0, or missing a few), naming the id drawn past it', () => {
    const mock = createMockService();
    mock.store.clients.add({ name: 'Berg' });
    const custodian = mock.store.custodians.all()[0];
    expect(custodian?.id).toMatch(/^[0-9a-f]{24}$/); // the default seed draws it: the sequence's numbers 1 to 3
    const added = user(mock);
    const snapshot = saved(mock);
    const other = createMockService();
    expect(() => restoreSnapshot(other.store, { ...snapshot, idsDrawn: 0 })).toThrow(
      `restoreSnapshot(): idsDrawn: must be at least ${snapshot.idsDrawn}, where the id sequence stands once the id ${added} of tables.users[0] is drawn (a smaller one draws it again), got 0`,
    );
    expect(() => restoreSnapshot(other.store, { ...snapshot, idsDrawn: snapshot.idsDrawn - 1 })).toThrow(
      `idsDrawn: must be at least ${snapshot.idsDrawn}`,
    );
    // Restored at 0 (as before this check), the next client got the id of the seeded custodian.
    restoreSnapshot(other.store, snapshot);
    expect(other.store.clients.add({ name: 'new' }).id).not.toBe(custodian?.id);
  });

  it('costs the same whatever idsDrawn it names (the sequence is resumed in one step)', () => {
    const mock = createMockService();
    const started = performance.now();
    restoreSnapshot(mock.store, { ...saved(mock), idsDrawn: 2 ** 31 });
    expect(mock.store.ids.drawn).toBe(2 ** 31);
    expect(performance.now() - started).toBeLessThan(5_000); // a loop of 2^31 draws takes a minute
  });

  it('refuses an idsDrawn so large that the sequence, which repeats after 2^32 numbers, would draw its ids again', () => {
    const mock = createMockService();
    expect(() => restoreSnapshot(mock.store, { ...saved(mock), idsDrawn: 2 ** 32 - 1 })).toThrow(
      /^restoreSnapshot\(\): idsDrawn: must be at least 42949673\d\d, where the id sequence stands once the id [0-9a-f]{24} of tables\.\w+\[\d+\] is drawn \(a smaller one draws it again\), got 4294967295$/,
    );
  });
});
