/**
 * The shape of `GET /v2/webhooks/keys`: a hand check (the webhooks entry's size budget has no room for zod), kept
 * apart from the key cache so that the client's `prs.webhooks.keys()` carries the check without the cache.
 */
import { array, type Infer, object, string } from './shape.js';

// The hand checks of `webhookKey`, `webhookKeys` and `webhookKeyEntries` (src/schemas/webhook-keys.ts),
// proved to agree with them by test/webhooks/shape-agreement.test.ts.

/** One public key as the service lists it (`x`, `y`: base64 or base64url coordinates). */
export const webhookKeySchema = object({ kid: string, kty: string, crv: string, x: string, y: string });
/** The answer of `GET /v2/webhooks/keys`. */
// Pure: a bundle that does not read it (the webhooks entry: the key set checks entries one by one) drops it.
export const webhookKeysSchema = /* @__PURE__ */ object({ keys: /* @__PURE__ */ array(webhookKeySchema) });

type KeyBase = Infer<typeof webhookKeySchema>;
/** One public key of the service: `kid`, `kty`, `crv` and the coordinates `x`, `y` (other members kept). */
export interface WebhookKey extends KeyBase {
  /** The key's id, which a delivery's signature names. */
  kid: KeyBase['kid'];
  /** The key type: `EC` for the P-256 keys the verifier uses. */
  kty: KeyBase['kty'];
  /** The curve: `P-256`. */
  crv: KeyBase['crv'];
  /** The public point's x coordinate, base64 or base64url. */
  x: KeyBase['x'];
  /** The public point's y coordinate, base64 or base64url. */
  y: KeyBase['y'];
}
/** What `prs.webhooks.keys()` resolves to: `{ keys: WebhookKey[] }` (other members kept). */
export interface WebhookKeys extends Infer<typeof webhookKeysSchema> {
  /** The keys the service signs deliveries with. */
  keys: WebhookKey[];
}
