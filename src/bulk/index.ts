/**
 * `portfolio-reporting/bulk`: bulk loads through a `PortfolioReporting` client — bounded, adaptive
 * concurrency, bounded re-attempts, one result per input. Its own entry point so that the client's bundle
 * carries no runner for users who never load in bulk.
 * @module
 */

export { Bulk, type BulkResources, type BulkRunOptions, type BulkTransactionOptions, type SeriesItem } from './bulk.js';
export type {
  BulkCallContext,
  BulkFailure,
  BulkOptions,
  BulkProgress,
  BulkResult,
  BulkSuccess,
  CallPolicy,
} from './runner.js';
