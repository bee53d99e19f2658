/** Investment limits and custodian holdings (the latter's shape is not shown: seeded attributes, echoed). */

import { addedRecord } from './record-schemas.js';
import type { CustodianHoldingRecord, LimitRecord } from './records.js';
import type { MockStore } from './store.js';
import { Table } from './table.js';

export class Limits extends Table<LimitRecord> {
  constructor(private readonly store: MockStore) {
    super('limit');
  }
  /**
   * @example
   * mock.store.limits.add({ clientId, name: 'Equities max 60%', ccyCode: 'EUR', startDate: '2024-01-01',
   *   limitFilter: { type: 'condition', condition: { type: 'instrument-class-is', 'instrument-class-id': equities.id } },
   *   limitType: { type: 'absolute', values: { min: null, max: 1_000_000 } } });
   */
  add(input: Omit<LimitRecord, 'id'>): LimitRecord {
    const record = addedRecord(this.store, 'limits', 'add', input, (i) => ({ ...i }));
    return this.insert({ ...record, id: this.store.ids.uuid() });
  }
}

export class CustodianHoldings extends Table<CustodianHoldingRecord> {
  constructor(private readonly store: MockStore) {
    super('custodian-holding');
  }
  /** @example mock.store.custodianHoldings.add({ legalEntityId: le.id, attributes: { depositoryNumber: '7001', marketValue: 1000 } }); */
  add(input: Omit<CustodianHoldingRecord, 'id'>): CustodianHoldingRecord {
    const record = addedRecord(this.store, 'custodianHoldings', 'add', input, (i) => ({ ...i }));
    return this.insert({ ...record, id: this.store.ids.hex24() });
  }
}
