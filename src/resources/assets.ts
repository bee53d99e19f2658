import type { API } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport.js';
import type { CreatableInstrumentKind, KnownAsset } from '../schemas/instruments.js';
import type { AssetCreateParamsByKind, AssetsByKind } from '../schemas/kind-types.generated.js';
import type { UnknownResource } from '../schemas/kinds.js';
import type { CreatedKind, KindCreateParams } from './kind-create.js';
import { type AssetIndexFactors, type AssetInterestRates, type AssetPrices, commonSeries } from './time-series.js';

/** An asset (v2): a known kind (narrow on `type`) or an unknown kind kept whole. */
export type Asset = KnownAsset | UnknownResource;
/** The body of `assets.create` without the `data` wrapper: `BondAssetCreateParams | StockAssetCreateParams | …`. */
export type AssetCreateParams = AssetCreateParamsByKind[CreatableInstrumentKind];
/**
 * The former name of `AssetCreateParams`, kept so existing code compiles.
 * @deprecated use `AssetCreateParams`
 */
export type AssetCreateInput = AssetCreateParams;

/** Assets: the `/api/v2` name of instruments. Same kinds and fields, `-asset` type strings. */
export class Assets {
  /** Interest rates: `/api/v2/assets/:id/interest-rates`, `/api/v2/interest-rates/:id`. */
  readonly interestRates: AssetInterestRates;
  /** End-of-day prices: `/api/v2/assets/:id/prices`, `/api/v2/prices/:id`. */
  readonly prices: AssetPrices;
  /** Index factors: `/api/v2/assets/:id/index-factors`, `/api/v2/index-factors/:id`. */
  readonly indexFactors: AssetIndexFactors;
  constructor(private readonly api: API) {
    ({
      interestRates: this.interestRates,
      prices: this.prices,
      indexFactors: this.indexFactors,
    } = commonSeries(api, 'assets'));
  }

  /**
   * Retrieves one asset.
   * @example
   * const asset = await prs.assets.retrieve('5f1e…');
   */
  retrieve(assetId: string, options?: RequestOptions): APIPromise<Asset> {
    return this.api.call('assets.retrieve', { path: { id: assetId } }, options);
  }

  /**
   * Creates an asset; a duplicate `securityIdentifier` + `ccyCode` returns the existing one (`created: false`).
   * @typeParam T - the input's `type`, inferred from it: it picks that kind's params (`BondAssetCreateParams`),
   *   so an error names the kind's own type.
   * @example
   * const { data, created } = await prs.assets.create({
   *   type: 'bond-asset',
   *   attributes: { name: 'Bund 2030', securityIdentifier: 'DE0001102507', ccyCode: 'EUR', countryCode: 'DE',
   *     couponFrequency: 'annually', dayCountConvention: 'actual/actual' },
   * }).withResponse();
   */
  create<T extends string>(
    input: KindCreateParams<AssetCreateParams, T>,
    options?: RequestOptions,
  ): APIPromise<CreatedKind<AssetCreateParams, T, 'asset', AssetsByKind>, { created: boolean }> {
    return this.api.call('assets.create', { body: input }, options);
  }

  /**
   * Deletes an asset (named in the change history; answer assumed 204).
   * @example
   * await prs.assets.delete('5f1e…');
   */
  delete(assetId: string, options?: RequestOptions): APIPromise<void> {
    return this.api.call('assets.delete', { path: { id: assetId } }, options);
  }
}
