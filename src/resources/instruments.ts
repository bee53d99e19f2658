import type { API } from '../core/api.js';
import type { APIPromise, ListPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/transport.js';
import type { CreatableInstrumentKind, KnownInstrument } from '../schemas/instruments.js';
import type { InstrumentCreateParamsByKind, InstrumentsByKind } from '../schemas/kind-types.generated.js';
import type { UnknownResource } from '../schemas/kinds.js';
import type { CreatedKind, KindCreateParams } from './kind-create.js';
import {
  commonSeries,
  type InstrumentIndexFactors,
  type InstrumentInterestRates,
  type InstrumentNetAssetValues,
  type InstrumentPrices,
  TimeSeries,
} from './time-series.js';

/** An instrument (v3): a known kind (narrow on `type`) or an unknown kind kept whole. */
export type Instrument = KnownInstrument | UnknownResource;
/** The body of `instruments.create` without the `data` wrapper: `BondInstrumentCreateParams | StockInstrumentCreateParams | …`. */
export type InstrumentCreateParams = InstrumentCreateParamsByKind[CreatableInstrumentKind];
/**
 * The former name of `InstrumentCreateParams`, kept so existing code compiles.
 * @deprecated use `InstrumentCreateParams`
 */
export type InstrumentCreateInput = InstrumentCreateParams;

/** Instruments under `/api/v3`: bonds, stocks, funds, loans, FX forwards, private market funds. */
export class Instruments {
  /** Interest rates: `/api/v3/instruments/:id/interest-rates`, `/api/v3/interest-rates/:id`. */
  readonly interestRates: InstrumentInterestRates;
  /** End-of-day prices: `/api/v3/instruments/:id/prices`, `/api/v3/prices/:id`. */
  readonly prices: InstrumentPrices;
  /** Index factors: `/api/v3/instruments/:id/index-factors`, `/api/v3/index-factors/:id`. */
  readonly indexFactors: InstrumentIndexFactors;
  /** Net asset values of private equity instruments (v3 only): `/api/v3/instruments/:id/net-asset-values`. */
  readonly netAssetValues: InstrumentNetAssetValues;
  constructor(private readonly api: API) {
    ({
      interestRates: this.interestRates,
      prices: this.prices,
      indexFactors: this.indexFactors,
    } = commonSeries(api, 'instruments'));
    this.netAssetValues = new TimeSeries(api, 'instruments.netAssetValues', 'navId');
  }

  /**
   * Retrieves one instrument; `switch (instrument.type)` narrows its attributes.
   * @example
   * const instrument = await prs.instruments.retrieve('5f1e…');
   * if (instrument.type === 'bond-instrument') console.log(instrument.attributes.couponFrequency);
   */
  retrieve(instrumentId: string, options?: RequestOptions): APIPromise<Instrument> {
    return this.api.call('instruments.retrieve', { path: { id: instrumentId } }, options);
  }

  /**
   * Lists the private instruments owned by a reporting entity.
   * @example
   * const privates = await prs.instruments.listPrivate(reportingEntityId);
   */
  listPrivate(reportingEntityId: string, options?: ListRequestOptions): ListPromise<Instrument> {
    return this.api.list('instruments.listPrivate', { path: { reportingEntityId } }, options);
  }

  /**
   * Creates an instrument. A duplicate `securityIdentifier` + `ccyCode` returns the existing one:
   * `.withResponse()` then says `created: false`.
   * @typeParam T - the input's `type`, inferred from it: it picks that kind's params (`BondInstrumentCreateParams`),
   *   so an error names the kind's own type.
   * @example
   * const { data, created } = await prs.instruments.create({
   *   type: 'stock-instrument',
   *   attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
   * }).withResponse();
   */
  create<T extends string>(
    input: KindCreateParams<InstrumentCreateParams, T>,
    options?: RequestOptions,
  ): APIPromise<CreatedKind<InstrumentCreateParams, T, 'instrument', InstrumentsByKind>, { created: boolean }> {
    return this.api.call('instruments.create', { body: input }, options);
  }
}
