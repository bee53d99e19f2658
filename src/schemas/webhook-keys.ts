/**
 * The service's public keys for webhooks (`GET /v2/webhooks/keys`, the endpoint table's answer); the events are
 * in webhook-events.ts. These schemas are the definition. The webhooks entry point checks the same shapes
 * by hand (src/webhooks/shape.ts): zod would more than double its size (~6 kB gzipped of an 8 kB budget).
 * test/webhooks/shape-agreement.test.ts proves the hand checks accept and refuse what these schemas do, with
 * the same issues.
 */
import * as z from 'zod/mini';

/** One public key as the service lists it (`x`, `y`: base64 or base64url coordinates); other members kept. */
export const webhookKey = z.looseObject({
  kid: z.string(),
  kty: z.string(),
  crv: z.string(),
  x: z.string(),
  y: z.string(),
});
/** The answer of `GET /v2/webhooks/keys`. */
export const webhookKeys = z.looseObject({ keys: z.array(webhookKey) });
/** The same answer as the verifier reads it: an entry that is not a usable key is skipped, not an error. */
export const webhookKeyEntries = z.looseObject({ keys: z.array(z.unknown()) });
