/**
 * The tables whose attributes the reference does not show (clients, reporting entities, portfolios) take
 * `attributes` as optional: none given is `{}`, filled in one place (`addedRecord`), a fresh object for each record.
 */
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/testing/index.js';

describe('mock.store: attributes default to {}', () => {
  it('fills {} where none are given, and keeps those given', () => {
    const { store } = createMockService();
    const client = store.clients.add();
    const entity = store.reportingEntities.add({ clientId: client.id });
    const portfolio = store.portfolios.add({ reportingEntityId: entity.id, attributes: undefined });
    const other = store.portfolios.add({ reportingEntityId: entity.id });
    expect([client.attributes, entity.attributes, portfolio.attributes]).toEqual([{}, {}, {}]);
    expect(Object.keys(entity)).toEqual(['id', 'clientId', 'attributes']);
    expect(portfolio.attributes).not.toBe(other.attributes);
    expect(store.clients.add({ name: 'Berg' }).attributes).toEqual({ name: 'Berg' });
  });
});
