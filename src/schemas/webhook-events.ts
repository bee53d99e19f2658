/**
 * The events the service delivers to a webhook, as zod schemas: the definition the webhooks entry point's hand
 * checks (src/webhooks/events.ts) are proved to agree with by test/webhooks/shape-agreement.test.ts. Apart
 * from the keys (src/schemas/webhook-keys.ts) so that the client, which reads only the keys, does not carry them.
 */
import * as z from 'zod/mini';
import { DATE_TIME_PATTERN, DATE_TIME_RULE } from '../core/date-time.js';
import { kindUnion } from './kinds.js';

/** ISO 8601 date-time (the reference's `timestamp` of every event). */
const dateTime = z.string().check(z.regex(DATE_TIME_PATTERN, { error: DATE_TIME_RULE }));
/** What every event carries: `type`, `timestamp` (ISO 8601, shown without a zone), `data` (any object). */
export const webhookEnvelope = z.looseObject({ type: z.string(), timestamp: dateTime, data: z.looseObject({}) });
/** Calculated data is ready for the client `data.clientId`. */
export const calculatedDataCreated = z.looseObject({
  type: z.literal('calculated_data.created'),
  timestamp: dateTime,
  data: z.looseObject({ clientId: z.string() }),
});
/** An event: the documented kind its `type` names, or the envelope for a type not known here. */
export const webhookEvent = kindUnion({ 'calculated_data.created': calculatedDataCreated }, webhookEnvelope);
