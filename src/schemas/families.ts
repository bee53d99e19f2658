/**
 * The families of kinds (`<kind>-<family>` types) and each one's kinds, from the kind tables: what a relationship
 * to a family's target accepts as its `type`, stated once for the types (`FamilyTypes`, read by src/core/jsonapi.ts)
 * and the run time (`acceptsType`): its target, or a known kind of one of its families that it does not refuse.
 */
import { INSTRUMENT_KINDS } from './instruments.js';
import type { Rel } from './resource.js';
import { TRANSACTION_KINDS } from './transactions.js';

/** The kinds of each family, by name (`bond` of `bond-asset`). */
interface FamilyKinds {
  asset: keyof typeof INSTRUMENT_KINDS & string;
  instrument: keyof typeof INSTRUMENT_KINDS & string;
  transaction: keyof typeof TRANSACTION_KINDS & string;
}
/** A family of kinds: `asset` (`bond-asset`), `instrument` (`bond-instrument`), `transaction`. */
export type Family = keyof FamilyKinds;

const instrumentKinds = Object.keys(INSTRUMENT_KINDS);
/** The kinds of each family, at run time. */
export const FAMILY_KINDS: { readonly [F in Family]: readonly string[] } = {
  asset: instrumentKinds,
  instrument: instrumentKinds,
  transaction: Object.keys(TRANSACTION_KINDS),
};

/** The kinds `R` refuses: its `refusedKinds` as written (`string`, the `Rel` default, is none). */
type Refused<R> = R extends { refusedKinds?: readonly (infer X)[] } ? (string extends X ? never : X) : never;
/** The `<kind>-<family>` types a relationship `R` accepts: the known kinds of its families, less those it refuses. */
export type FamilyTypes<R> = R extends { family?: readonly (infer F)[] }
  ? F extends Family
    ? `${Exclude<FamilyKinds[F], Refused<R>>}-${F}`
    : never
  : never;
/** Whether `type` may stand for a relationship to `r`: its target, or one of its `FamilyTypes` (so typed). */
export function acceptsType(r: Rel, type: unknown): boolean {
  return (
    type === r.target ||
    (typeof type === 'string' &&
      !!r.family?.some((family) => {
        const kind = type.slice(0, -family.length - 1);
        return (
          type === `${kind}-${family}` &&
          !!FAMILY_KINDS[family as Family]?.includes(kind) &&
          !r.refusedKinds?.includes(kind)
        );
      }))
  );
}

/** Every `type` a relationship to `r` accepts (the schema of a body as sent, src/core/documents.ts). */
export function relationshipTypes(r: Rel): string[] {
  const kinds = r.family?.flatMap((family) => (FAMILY_KINDS[family as Family] ?? []).map((k) => `${k}-${family}`));
  return [r.target, ...(kinds ?? [])].filter((type) => acceptsType(r, type));
}
