/**
 * The service's endpoint list (test/fixtures/endpoints.tsv, a copy of the reference's), the SDK method
 * each row names, looked up on a client, and the row a request's method and path belong to.
 */
import { readFileSync } from 'node:fs';
import type { PortfolioReporting } from '../../src/index.js';

export interface EndpointRow {
  n: number;
  method: string;
  /** With its version prefix and `:placeholders`, e.g. `/api/v2/users/:userId/invites/:inviteId/cancellation`. */
  path: string;
  sdkMethod: string;
}

export const endpointRows: EndpointRow[] = readFileSync(new URL('../fixtures/endpoints.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [n, method, path, sdkMethod] = line.split('\t');
    return { n: Number(n), method: method ?? '', path: path ?? '', sdkMethod: sdkMethod ?? '' };
  });

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
