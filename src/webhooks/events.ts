/**
 * The events the service sends. Only `calculated_data.created` is documented; any other `type` decodes
 * to `UnknownWebhookEvent`, every field kept, so a new event kind never breaks a receiver.
 */

import { DATE_TIME_PATTERN, DATE_TIME_RULE } from '../core/date-time.js';
import type { UnknownKind } from '../schemas/kinds.js';
import { WebhookVerificationError } from './errors.js';
import { type Check, type Infer, issuesOf, listIssues, literal, object, record, string } from './shape.js';

// The hand checks of `webhookEvent` (src/schemas/webhook-events.ts), proved to agree with it by
// test/webhooks/shape-agreement.test.ts.

/** An ISO 8601 date-time. Here, not in shape.ts: that loads with the client, this with the verifier only. */
const dateTime: Check<string> = (value, path, issues): value is string =>
  string(value, path, issues) && (DATE_TIME_PATTERN.test(value) || issues.push({ path, message: DATE_TIME_RULE }) < 0);

/** What every payload carries: `type`, `timestamp` (ISO 8601, shown without a zone), `data`. */
const envelope = object({ type: string, timestamp: dateTime, data: record });

/** Calculated data is ready for the client `data.clientId` (other members, if the service adds any, are kept). */
export interface CalculatedDataCreatedEvent {
  /** The event kind: `calculated_data.created`. */
  type: 'calculated_data.created';
  /** When the event happened: an ISO 8601 date-time, shown by the reference without a zone designator. */
  timestamp: string;
  /** What the event is about. */
  data: {
    /** The id of the client whose calculated data is ready. */
    clientId: string;
  };
}

const calculatedDataCreatedShape = object({
  type: literal('calculated_data.created'),
  timestamp: dateTime,
  data: object({ clientId: string }),
});
/** What the check proves (its members, other members kept): held equal to the named event by a type test. */
export type CheckedCalculatedDataCreated = Infer<typeof calculatedDataCreatedShape>;
// Typed as the named event (no index signature): a misspelled member of a narrowed event is a compile error, and
// hover shows the name. test/types/named.test-d.ts holds the two equal, member by member.
const calculatedDataCreated: Check<CalculatedDataCreatedEvent> = calculatedDataCreatedShape;

/** The documented event kinds, by `type`. */
export const WEBHOOK_EVENT_KINDS: Record<string, Check<unknown>> = { 'calculated_data.created': calculatedDataCreated };

/**
 * An event of a kind this SDK version does not know. `type` is the service's string at run time, typed
 * `never` (as for unknown resources) so that `event.type === 'calculated_data.created'` narrows. Where
 * every known kind is handled, the remaining branch is `never`: assign it to an `UnknownWebhookEvent`
 * to read it (`const other: UnknownWebhookEvent = event; String(other.type)`).
 */
export interface UnknownWebhookEvent extends Pick<Infer<typeof envelope>, 'timestamp' | 'data'> {
  /** The service's event type (typed `never`: read it as `String(event.type)`). */
  type: UnknownKind;
  [member: string]: unknown;
}

/** A verified, decoded delivery: narrow on `type`. */
export type WebhookEvent = CalculatedDataCreatedEvent | UnknownWebhookEvent;

/** The check of an event: the member its `type` names, or the envelope for any other type. */
function eventCheck(value: unknown): Check<unknown> {
  const type = (value as { type?: unknown } | null)?.type;
  return (
    (typeof type === 'string' && Object.hasOwn(WEBHOOK_EVENT_KINDS, type) && WEBHOOK_EVENT_KINDS[type]) || envelope
  );
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a body whose signature has been verified (text as received, or its bytes). The parsed JSON itself
 * is returned, nothing stripped.
 */
export function decodeEvent(body: string | Uint8Array): WebhookEvent {
  let json: unknown;
  try {
    // A leading byte order mark is dropped from text as the decoder drops it from bytes (RFC 8259 lets a parser).
    json = JSON.parse(typeof body === 'string' ? body.replace(/^\uFEFF/, '') : decoder.decode(body));
  } catch {
    throw new WebhookVerificationError('malformed_body', 'the signature is valid but the body is not UTF-8 JSON');
  }
  const issues = issuesOf(eventCheck(json), json);
  if (issues.length) {
    throw new WebhookVerificationError(
      'malformed_body',
      `the signature is valid but the event does not have the documented shape: ${listIssues(issues)}`,
    );
  }
  return json as WebhookEvent;
}
