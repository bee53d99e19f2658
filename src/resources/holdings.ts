/**
 * Holdings and asset holdings of a reporting entity over a closed date interval, as compound documents:
 * `{ data, included }`, `included` holding the assets when `include: ['asset']` is asked for.
 */
import type * as z from 'zod/mini';
import type { API, Query } from '../core/api.js';
import type { APIPromise } from '../core/api-promise.js';
import { extraArguments } from '../core/arity.js';
import { mustBe } from '../core/describe.js';
import { ValidationError } from '../core/errors.js';
import { checkArgument } from '../core/settings.js';
import type { ListRequestOptions } from '../core/transport.js';
import type { assetHoldingsParams, HoldingExpansion, holdingsParams } from '../schemas/holdings.js';
import type { AssetHolding, Holding } from '../schemas/kind-types.generated.js';
import type { ToOne } from '../schemas/resource.js';
import type { Asset } from './assets.js';

/** What a holdings list resolves to: every holding of every page, and the included assets. */
export interface HoldingsResult<H> {
  /** Every holding of every page. */
  data: H[];
  /** The assets asked for with `include: ['asset']`, in the shape of `assets.retrieve` (empty otherwise). */
  included: Asset[];
}

/** The parameters of `assetHoldings.list`: `fromDate` before `toDate` (a closed interval), optional `include`. */
export interface AssetHoldingsListParams extends z.input<typeof assetHoldingsParams> {
  fromDate: z.input<typeof assetHoldingsParams>['fromDate'];
  toDate: z.input<typeof assetHoldingsParams>['toDate'];
}
/** The parameters of `holdings.list`: those of asset holdings plus `expand`. */
export interface HoldingsListParams extends z.input<typeof holdingsParams> {
  fromDate: z.input<typeof holdingsParams>['fromDate'];
  toDate: z.input<typeof holdingsParams>['toDate'];
}
/** The `expand` values that are not deprecated. */
export type CurrentHoldingExpansion = Exclude<HoldingExpansion, 'assets'>;

/**
 * The `options` of the deprecated `expand: ['assets']` form of `holdings.list`, taken by params `P` that are
 * `HoldingsListParams`, with nothing else, whose `expand` may hold `'assets'`. Other params get two arguments no call
 * can give: TypeScript drops a form whose rest parameter then does not fit the arguments, so a mistake is reported
 * against `HoldingsListParams` alone, where it said "No overload matches this call" with both forms' complaints (a
 * `@deprecated` member of the params would not do: the checker never reports one written in an object literal).
 */
type AssetsExpansionOptions<P> = 'expand' extends keyof P
  ? [P, keyof P] extends [HoldingsListParams & { expand?: readonly (infer E)[] | undefined }, keyof HoldingsListParams]
    ? 'assets' extends E
      ? [options?: ListRequestOptions]
      : [never, never]
    : [never, never]
  : [never, never];

/** `fromDate` before `toDate`, and a warning for the deprecated `expand: ['assets']`: what the row's query schema cannot say. */
function checkInterval(api: API, what: string) {
  return (query: Query | undefined) => {
    const { fromDate, toDate, expand } = query as { fromDate: string; toDate: string; expand?: string };
    if (expand?.split(',').includes('assets'))
      api.transport.logger.log(
        'warn',
        `${what}: expand "assets" is deprecated by the service; use prs.assetHoldings.list`,
      );
    // Both are checked calendar dates in one format, so string order is date order.
    return fromDate >= toDate
      ? [{ path: 'fromDate', message: `must be before toDate (got ${fromDate} and ${toDate})` }]
      : [];
  };
}

/** `prs.holdings`: holdings per date, aggregated over the reporting entity or expanded. */
export class Holdings {
  constructor(private readonly api: API) {}

  /**
   * Lists the holdings of a reporting entity from `fromDate` to `toDate` (both included; `fromDate` must be
   * before `toDate`). `expand` splits them by portfolio, depository, asset class…; `include: ['asset']` adds the assets.
   * @example
   * const { data, included } = await prs.holdings.list(reportingEntityId, {
   *   fromDate: '2024-01-01', toDate: '2024-03-31', expand: ['portfolios', 'depositories'],
   * });
   */
  list(
    reportingEntityId: string,
    params: HoldingsListParams & { expand?: readonly CurrentHoldingExpansion[] },
    options?: ListRequestOptions,
  ): APIPromise<HoldingsResult<Holding>>;
  /**
   * Lists holdings expanded by asset.
   * @deprecated `expand: ['assets']` is deprecated by the service: use `prs.assetHoldings.list`, which also gives units.
   * @example
   * const { data } = await prs.assetHoldings.list(reportingEntityId, { fromDate: '2024-01-01', toDate: '2024-03-31' });
   */
  list<P extends Partial<HoldingsListParams>>(
    reportingEntityId: string,
    params: P,
    ...options: AssetsExpansionOptions<P>
  ): APIPromise<HoldingsResult<Holding>>;
  list(
    reportingEntityId: string,
    params: HoldingsListParams,
    options?: ListRequestOptions,
  ): APIPromise<HoldingsResult<Holding>> {
    const check = checkInterval(this.api, 'holdings.list');
    return this.api.call('holdings.list', { path: { reportingEntityId }, query: params, check }, options);
  }
}

/** `prs.assetHoldings`: the most detailed level, per asset, with units. */
export class AssetHoldings {
  constructor(private readonly api: API) {}

  /**
   * Lists the asset holdings of a reporting entity from `fromDate` to `toDate` (both included).
   * @example
   * const { data, included } = await prs.assetHoldings.list(reportingEntityId, {
   *   fromDate: '2024-01-01', toDate: '2024-01-31', include: ['asset'],
   * });
   * for (const h of data) console.log(h.attributes.unitsInHolding, holdingAsset(h, included)?.attributes);
   */
  list(
    reportingEntityId: string,
    params: AssetHoldingsListParams,
    options?: ListRequestOptions,
  ): APIPromise<HoldingsResult<AssetHolding>> {
    const check = checkInterval(this.api, 'assetHoldings.list');
    return this.api.call('assetHoldings.list', { path: { reportingEntityId }, query: params, check }, options);
  }
}

/**
 * The asset a holding refers to, found in the `included` of the same result (asked for with
 * `include: ['asset']`); `undefined` when the holding has no asset or it was not included. A `holding` that is not an
 * object, or an `included` that is not an array of objects, is a `ValidationError` naming it.
 * @example
 * const { data, included } = await prs.assetHoldings.list(id, { fromDate, toDate, include: ['asset'] });
 * const asset = holdingAsset(data[0], included);
 */
export function holdingAsset(
  holding: { readonly relationships?: { readonly asset?: ToOne | undefined } | undefined },
  included: readonly Asset[],
): Asset | undefined {
  const what = 'holdingAsset';
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments(what, arguments, 2, '');
  checkArgument(what, holding, 'holding', '');
  if (!Array.isArray(included))
    throw new ValidationError(
      what,
      [{ path: 'included', message: mustBe("an array (the list result's `included`)", included) }],
      '',
    );
  const ref = holding.relationships?.asset?.data;
  // Prefer an exact { type, id } match; the identifier may also name the asset by id under a generic type.
  let exact: Asset | undefined;
  let byId: Asset | undefined;
  for (const [i, asset] of included.entries()) {
    checkArgument(what, asset, `included.${i}`, '');
    if (!ref || asset.id !== ref.id) continue;
    if (String(asset.type) === ref.type) exact ??= asset;
    else byId ??= asset;
  }
  return exact ?? byId;
}
