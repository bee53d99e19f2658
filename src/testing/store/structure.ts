/** Clients, reporting entities, portfolios, legal entities, accounts, depositories: seeding helpers. */

import { addedRecord } from './record-schemas.js';
import type {
  AccountRecord,
  ClientRecord,
  DepositoryRecord,
  LegalEntityRecord,
  PortfolioRecord,
  ReportingEntityRecord,
} from './records.js';
import type { MockStore } from './store.js';
import { Table } from './table.js';

export class Clients extends Table<ClientRecord> {
  constructor(private readonly store: MockStore) {
    super('client');
  }
  /** @example const client = mock.store.clients.add({ name: 'Family Office Berg' }); */
  add(attributes?: Record<string, unknown>): ClientRecord {
    const record = addedRecord(this.store, 'clients', 'add', { attributes }, (i) => ({ ...i }));
    return this.insert({ id: this.store.ids.hex24(), ...(record as Omit<ClientRecord, 'id'>) });
  }
}

export class ReportingEntities extends Table<ReportingEntityRecord> {
  constructor(private readonly store: MockStore) {
    super('reporting-entity');
  }
  /** @example const re = mock.store.reportingEntities.add({ clientId, attributes: { name: 'Berg family', ccyCode: 'EUR' } }); */
  add(input: { clientId: string; attributes?: Record<string, unknown> }): ReportingEntityRecord {
    const record = addedRecord(this.store, 'reportingEntities', 'add', input, (i) => ({ ...i }));
    return this.insert({ id: this.store.ids.hex24(), ...(record as Omit<ReportingEntityRecord, 'id'>) });
  }
}

export class Portfolios extends Table<PortfolioRecord> {
  constructor(private readonly store: MockStore) {
    super('portfolio');
  }
  /** @example const portfolio = mock.store.portfolios.add({ reportingEntityId: re.id, attributes: { name: 'Core' } }); */
  add(input: { reportingEntityId: string; attributes?: Record<string, unknown> }): PortfolioRecord {
    const record = addedRecord(this.store, 'portfolios', 'add', input, (i) => ({ ...i }));
    return this.insert({ id: this.store.ids.hex24(), ...(record as Omit<PortfolioRecord, 'id'>) });
  }
}

export class LegalEntities extends Table<LegalEntityRecord> {
  constructor(private readonly store: MockStore) {
    super('legal-entity');
  }
  /** @example const le = mock.store.legalEntities.add({ clientId, name: 'Berg Holding AB' }); */
  add(input: { clientId: string; name: string }): LegalEntityRecord {
    const record = addedRecord(this.store, 'legalEntities', 'add', input, (i) => ({ ...i }));
    return this.insert({ id: this.store.ids.hex24(), ...record });
  }
}

export class Accounts extends Table<AccountRecord> {
  constructor(private readonly store: MockStore) {
    super('account');
  }
  /**
   * @example
   * const account = mock.store.accounts.add({ legalEntityId: le.id, externalIdentifier: 'SE-1', ccyCode: 'SEK' });
   */
  add(
    input: Omit<AccountRecord, 'id' | 'excludeFromReporting' | 'depositoryIds'> & {
      excludeFromReporting?: boolean;
      depositoryIds?: string[];
    },
  ): AccountRecord {
    const record = addedRecord(this.store, 'accounts', 'add', input, (i) => ({
      ...i,
      excludeFromReporting: input.excludeFromReporting ?? false,
      depositoryIds: input.depositoryIds ?? [],
    }));
    return this.insert({ ...record, id: this.store.ids.hex24() });
  }
  /** The accounts linked to a depository. @example mock.store.accounts.ofDepository(depository.id) */
  ofDepository(depositoryId: string): AccountRecord[] {
    return this.where((a) => a.depositoryIds.includes(depositoryId));
  }
}

export class Depositories extends Table<DepositoryRecord> {
  constructor(private readonly store: MockStore) {
    super('depository');
  }
  /**
   * Adds a depository, linked to the given accounts (the service links exactly one on create; the store
   * lets a test link any number, or none).
   * @example const depository = mock.store.depositories.add({ legalEntityId: le.id, externalIdentifier: 'D-1', accountIds: [account.id] });
   */
  add(input: Omit<DepositoryRecord, 'id'> & { accountIds?: string[] }): DepositoryRecord {
    const fields = addedRecord(
      this.store,
      'depositories',
      'add',
      input,
      ({ accountIds: _, ...i }) => i as Omit<DepositoryRecord, 'id'>,
      ['id'],
      { accountIds: 'accounts' },
    );
    // Found: the check above refuses a list with an id of no account.
    const accounts = (input.accountIds ?? []).map((id) => this.store.accounts.expect(id));
    const row = this.insert({ ...fields, id: this.store.ids.hex24() });
    for (const account of accounts) account.depositoryIds.push(row.id);
    return row;
  }
}
