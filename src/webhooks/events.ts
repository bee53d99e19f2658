/**
 * The events the service sends. Only `calculated_data.created` is documented; any other `type` decodes
 * to `UnknownWebhookEvent`, every field kept, so a new event kind never breaks a receiver.
 */
import * as z from 'zod/mini';
import { formatIssues } from '../core/jsonapi.js';
import type { UnknownKind } from '../schemas/kinds.js';
import { kindUnion } from '../schemas/kinds.js';
import { WebhookVerificationError } from './errors.js';

/** What every payload carries: `type`, `timestamp` (ISO 8601, shown without a zone), `data`. */
const envelope = z.looseObject({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});

const calculatedDataCreated = z.looseObject({
  type: z.literal('calculated_data.created'),
  timestamp: z.string(),
  data: z.looseObject({ clientId: z.string() }),
});

/** The documented event kinds, by `type`. */
export const WEBHOOK_EVENT_KINDS = { 'calculated_data.created': calculatedDataCreated };

/** Calculated data is ready for the client `data.clientId`. */
export type CalculatedDataCreatedEvent = z.infer<typeof calculatedDataCreated>;

/**
 * An event of a kind this SDK version does not know. `type` is the service's string at run time, typed
 * `never` (as for unknown resources) so that `event.type === 'calculated_data.created'` narrows. Where
 * every known kind is handled, the remaining branch is `never`: assign it to an `UnknownWebhookEvent`
 * to read it (`const other: UnknownWebhookEvent = event; String(other.type)`).
 */
export interface UnknownWebhookEvent extends Pick<z.infer<typeof envelope>, 'timestamp' | 'data'> {
  /** The service's event type (typed `never`: read it as `String(event.type)`). */
  type: UnknownKind;
  [member: string]: unknown;
}

/** A verified, decoded delivery: narrow on `type`. */
export type WebhookEvent = CalculatedDataCreatedEvent | UnknownWebhookEvent;

export const webhookEventSchema = kindUnion<typeof WEBHOOK_EVENT_KINDS, UnknownWebhookEvent>(WEBHOOK_EVENT_KINDS, envelope);

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes a body whose signature has been verified. The parsed JSON itself is returned, nothing stripped. */
export function decodeEvent(body: Uint8Array): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(body));
  } catch {
    throw new WebhookVerificationError('malformed_body', 'the signature is valid but the body is not UTF-8 JSON');
  }
  const result = z.safeParse(webhookEventSchema, json);
  if (!result.success) {
    const issues = formatIssues(result.error.issues, '', json).map((i) => `${i.path || '(body)'}: ${i.message}`);
    throw new WebhookVerificationError('malformed_body', `the signature is valid but the event does not have the documented shape: ${issues.join('; ')}`);
  }
  return json as WebhookEvent;
}
