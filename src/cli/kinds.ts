/**
 * What the loader loads: per kind, the SDK's own create rules (to check rows before sending anything),
 * the attribute schema of a row (to read CSV cells as numbers where the SDK wants numbers), and the bulk
 * shortcut that sends them.
 */
import type * as z from 'zod/mini';
import type { Bulk, BulkOptions, BulkResult } from '../bulk/index.js';
import { segment } from '../core/api.js';
import { ValidationError, type ValidationIssue } from '../core/errors.js';
import { buildDocument, buildKindDocument, type DocumentInput, type KindRule, kindRules } from '../core/jsonapi.js';
import { endpoints } from '../endpoints.js';
import type { InstrumentCreateParams } from '../resources/instruments.js';
import type { TransactionCreateParams } from '../resources/transactions.js';
import type { Rels } from '../schemas/resource.js';
import { netAssetValueSeries, priceSeries } from '../schemas/time-series.js';

export const KIND_NAMES = ['instruments', 'prices', 'nav', 'transactions'] as const;
export type KindName = (typeof KIND_NAMES)[number];

/** A row as the SDK takes it: `{ type?, attributes, relationships? }`, plus `instrumentId` for time series. */
export interface RowInput extends DocumentInput {
  instrumentId?: string;
}

export interface LoadKind {
  /** The SDK method the rows go to, for messages. */
  method: string;
  /** Rows belong to an instrument (`instrumentId` column or `--instrument`). */
  perInstrument: boolean;
  /** The row has a `type` picking its kind. */
  typed: boolean;
  /** Sending a row again after a lost answer cannot duplicate it (a natural key, or a lookup first). */
  resendSafe: boolean;
  /** How an existing record is recognised, for the summary. */
  existing: string;
  /** The create-attributes schema for a row of this `type`, if the type is known. */
  attributes(type: unknown): z.ZodMiniType | undefined;
  /** The relationships a row of this `type` may have (its `rel.<name>` columns). */
  relationships(type: unknown): Rels;
  /** The `type`s of a typed kind, with the reason why for those the service does not let a client create. */
  types: readonly { type: string; refused?: string }[];
  /** Checks a row by the SDK's create rules; throws `ValidationError` with every broken rule. */
  validate(input: RowInput): void;
  /** Sends the rows through the kind's `Bulk` shortcut. */
  load(
    bulk: Bulk,
    rows: RowInput[],
    options: BulkOptions<RowInput, { id: string }>,
  ): Promise<BulkResult<{ id: string }>[]>;
}

function ruleOf(rules: Record<string, KindRule>, type: unknown) {
  const rule = typeof type === 'string' && Object.hasOwn(rules, type) ? rules[type] : undefined;
  return rule && 'attributes' in rule ? rule : undefined;
}

/** A time series: the instrument id checked as the SDK checks a path id, and the value as its create checks it. */
function seriesKind(
  method: string,
  existing: string,
  series: { def: { type: string }; create: z.ZodMiniType },
  load: LoadKind['load'],
): LoadKind {
  return {
    method,
    perInstrument: true,
    typed: false,
    resendSafe: true,
    existing,
    attributes: () => series.create,
    relationships: () => ({}),
    types: [],
    validate(input) {
      const issues: ValidationIssue[] = [];
      for (const check of [
        () => segment(method, 'instrumentId', input.instrumentId),
        () =>
          buildDocument(
            method,
            { attributes: input.attributes, relationships: input.relationships },
            series.def.type,
            series.create,
            {},
          ),
      ]) {
        try {
          check();
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          issues.push(...error.issues);
        }
      }
      if (issues.length) throw new ValidationError(method, issues);
    },
    load,
  };
}

/** A kind with several `type`s (instruments, transactions): the SDK's rule table checks each row. */
function typedKind(
  method: string,
  rules: Record<string, KindRule>,
  how: Pick<LoadKind, 'resendSafe' | 'existing' | 'load'>,
): LoadKind {
  return {
    method,
    perInstrument: false,
    typed: true,
    ...how,
    attributes: (type) => ruleOf(rules, type)?.attributes,
    relationships: (type) => ruleOf(rules, type)?.relationships ?? {},
    types: Object.entries(rules).map(([type, rule]) =>
      'refused' in rule ? { type, refused: rule.refused } : { type },
    ),
    validate: (input) => void buildKindDocument(method, input, rules),
  };
}

export const KINDS: Record<KindName, LoadKind> = {
  instruments: typedKind('instruments.create', kindRules(endpoints['instruments.create'].body), {
    resendSafe: true,
    existing: '303 See Other',
    load: (bulk, rows, options) => bulk.instruments(rows as (RowInput & InstrumentCreateParams)[], options),
  }),
  prices: seriesKind('instruments.prices.create', 'same date and value', priceSeries, (bulk, rows, options) =>
    bulk.prices(rows as (RowInput & { instrumentId: string; attributes: { date: string; value: number } })[], options),
  ),
  nav: seriesKind(
    'instruments.netAssetValues.create',
    'same dates and value',
    netAssetValueSeries,
    (bulk, rows, options) =>
      bulk.netAssetValues(
        rows as (RowInput & { instrumentId: string; attributes: { officialDate: string; value: number } })[],
        options,
      ),
  ),
  // No natural key: a transaction sent again after a lost answer may be a second transaction.
  transactions: typedKind('transactions.create', kindRules(endpoints['transactions.create'].body), {
    resendSafe: false,
    existing: 'no natural key',
    load: (bulk, rows, options) => bulk.transactions(rows as (RowInput & TransactionCreateParams)[], options),
  }),
};
