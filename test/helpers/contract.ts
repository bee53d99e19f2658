/** The contract of one endpoint-table row as a check of an answer the service (or the mock) gave. */
import * as z from 'zod/mini';
import { errorDocument } from '../../src/core/documents.js';
import { responseBody } from '../../src/endpoints.js';
import type { EndpointRow } from './endpoints.js';

/** Checks an answer against the row it belongs to (see `Hit.conforms`). */
export function checkAnswer(row: EndpointRow | undefined, status: number, text: string): string[] {
  if (!row) return ['no row of the endpoint table matches'];
  if (status === 303) return []; // a duplicate create: the SDK follows Location with a GET of its own
  const parse = (): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return Symbol.for('not JSON');
    }
  };
  if (status >= 400) {
    const result = z.safeParse(errorDocument, parse());
    return result.success ? [] : [`error body: ${JSON.stringify(result.error.issues)}`];
  }
  const { response } = row.endpoint;
  if (status !== response.status) return [`status ${status}, the row documents ${response.status}`];
  if (response.status === 204) return text === '' ? [] : [`a 204 with a body: ${text.slice(0, 80)}`];
  const result = z.safeParse(responseBody(row.endpoint) as z.ZodMiniType, parse());
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).slice(0, 5);
}
