/**
 * `portfolio-reporting/testing`: a stateful, in-memory Portfolio Reporting Service for tests and demos,
 * faults on demand (`mock.faults`), and a webhook signer. `mock.listen()` needs only node:http; `mock.handlers` needs the optional peer
 * dependency `msw`.
 * @module
 */

export { DEMO_IDS, seedDemo } from './demo.js';
export type { FaultMethod, MockFault, MockFaults, PendingFault } from './faults.js';
export type { ListenOptions, RequestLogEntry, RunningServer } from './http/server.js';
export { createMockService, type MockService, type MockServiceOptions, type MockWebhooks } from './service.js';
export {
  createWebhookSigner,
  type SignedDelivery,
  type SignOptions,
  type WebhookPublicKey,
  type WebhookSigner,
  type WebhookSignerOptions,
} from './signer.js';
export type { AdvanceTarget } from './store/custodians.js';
export type * from './store/records.js';
export type {
  CheckedInstrumentInput,
  CheckedTransactionInput,
  InstrumentInput,
  InstrumentSeedAttributes,
  InstrumentSeedLinks,
  TransactionInput,
  TransactionSeedAttributes,
} from './store/seeds.js';
export {
  MockStore,
  restoreSnapshot,
  type Seed,
  SnapshotError,
  type StoreSnapshot,
  snapshotOf,
} from './store/store.js';
export { Table } from './store/table.js';
