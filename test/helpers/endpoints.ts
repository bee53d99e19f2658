/**
 * The endpoint table (src/endpoints.ts) as numbered rows, the SDK method each row names, looked up on a
 * client, and the row a request's method and path belong to. The numbers are the rows' places in the
 * service's list (test/fixtures/endpoints.tsv, which test/coverage/endpoint-table.test.ts holds the table to).
 */
import { type Endpoint, type EndpointId, endpointRows as tableRows } from '../../src/endpoints.js';
import type { PortfolioReporting } from '../../src/index.js';

export interface EndpointRow {
  /** The row's number in the service's list (1–95). */
  n: number;
  method: string;
  /** With its version prefix and `:placeholders`, e.g. `/api/v2/users/:userId/invites/:inviteId/cancellation`. */
  path: string;
  /** The row's id in the endpoint table. */
  sdkMethod: EndpointId;
  /** The table's row: body rule, query, response, pagination. */
  endpoint: Endpoint;
}

export const endpointRows: EndpointRow[] = tableRows().map((row, i) => ({
  n: i + 1,
  method: row.method,
  path: row.path,
  sdkMethod: row.id,
  endpoint: row,
}));

/** The object holding the method named by `a.b.c` and the method's own name. */
export function resolveMethod(
  prs: PortfolioReporting,
  dotted: string,
): { owner: Record<string, unknown>; name: string } {
  const parts = dotted.split('.');
  const name = parts.pop() as string;
  let owner: unknown = prs;
  for (const part of parts) owner = (owner as Record<string, unknown> | undefined)?.[part];
  return { owner: owner as Record<string, unknown>, name };
}

/** `/api/v2/users/:userId/invites` → a pattern where each `:placeholder` matches one path segment. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** The rows a request's method and path match (one, for every path the service serves). */
export function rowsMatching(method: string, pathname: string): EndpointRow[] {
  return endpointRows.filter((row) => row.method === method && pathPattern(row.path).test(pathname));
}
