/** The rows of test/fixtures/endpoints.tsv (a copy of the service's endpoint list), and matching paths to them. */
import { readFileSync } from 'node:fs';

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

/** `/api/v2/users/:userId/invites` → a pattern where each `:placeholder` matches one path segment. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** The rows a request's method and path match (one, for every path the service serves). */
export function rowsMatching(method: string, pathname: string): EndpointRow[] {
  return endpointRows.filter((row) => row.method === method && pathPattern(row.path).test(pathname));
}
