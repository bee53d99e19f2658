import type { APIPromise, ListPromise } from '../core/api-promise.js';
import { type API, segment } from '../core/api.js';
import type { RequestOptions } from '../core/transport.js';
import { type KnownInstrument, instrumentSchema } from '../schemas/instruments.js';
import type { UnknownResource } from '../schemas/kinds.js';
import { type FamilyCreateInput, familyCalls } from './instrument-family.js';

/** An instrument (v3): a known kind (narrow on `type`) or an unknown kind kept whole. */
export type Instrument = KnownInstrument | UnknownResource;
/** The body of `instruments.create` without the `data` wrapper. */
export type InstrumentCreateInput = FamilyCreateInput<'instrument'>;

const BASE = '/api/v3/instruments';

/** Instruments under `/api/v3`: bonds, stocks, funds, loans, FX forwards, private market funds. */
export class Instruments {
  private readonly calls;
  constructor(private readonly api: API) {
    this.calls = familyCalls<Instrument, 'instrument'>(api, BASE, instrumentSchema, 'instrument', 'instruments');
  }

  /**
   * Retrieves one instrument; `switch (instrument.type)` narrows its attributes.
   * @example
   * const instrument = await prs.instruments.retrieve('5f1e…');
   * if (instrument.type === 'bond-instrument') console.log(instrument.attributes.couponFrequency);
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Instrument> {
    return this.calls.retrieve(id, options);
  }

  /**
   * Lists the private instruments owned by a reporting entity.
   * @example
   * const privates = await prs.instruments.listPrivate(reportingEntityId);
   */
  listPrivate(reportingEntityId: string, options?: RequestOptions): ListPromise<Instrument> {
    return this.api.list(`${BASE}/${segment('instruments.listPrivate', 'reportingEntityId', reportingEntityId)}/private-instruments`, instrumentSchema, undefined, options);
  }

  /**
   * Creates an instrument. A duplicate `securityIdentifier` + `ccyCode` returns the existing one:
   * `.withResponse()` then says `created: false`.
   * @example
   * const { data, created } = await prs.instruments.create({
   *   type: 'stock-instrument',
   *   attributes: { name: 'ACME', securityIdentifier: 'US0000000001', ccyCode: 'USD', countryCode: 'US' },
   * }).withResponse();
   */
  create(input: InstrumentCreateInput, options?: RequestOptions): APIPromise<Instrument, { created: boolean }> {
    return this.calls.create(input, options);
  }
}
