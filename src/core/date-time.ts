/**
 * The ISO 8601 date-time rule, zod-free: the webhooks entry point's hand check (src/webhooks/events.ts) and the
 * zod schema it is proved to agree with (src/schemas/webhook-events.ts) share it.
 */

/**
 * `YYYY-MM-DDThh:mm`, seconds and a fraction optional, a zone (`Z`, `±hh:mm`) optional: the service shows its
 * times without one. The form is checked, not the calendar (a 19th month passes): the webhooks entry's budget.
 */
export const DATE_TIME_PATTERN = /^\d{4}-[01]\d-[0-3]\dT[0-2]\d(:[0-5]\d){1,2}(\.\d+)?(Z|[+-][0-2]\d:?[0-5]\d)?$/;
export const DATE_TIME_RULE = 'must be an ISO 8601 date-time, e.g. 2024-05-01T10:00:00';
