/**
 * The service's endpoint list (test/fixtures/endpoints.tsv, a copy of the reference's), and the SDK method
 * each row names, looked up on a client.
 */
import { readFileSync } from 'node:fs';
import type { PortfolioReporting } from '../../src/index.js';

export interface EndpointRow {
  n: number;
  method: string;
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
export function resolveMethod(prs: PortfolioReporting, dotted: string): { owner: Record<string, unknown>; name: string } {
  const parts = dotted.split('.');
  const name = parts.pop() as string;
  let owner: unknown = prs;
  for (const part of parts) owner = (owner as Record<string, unknown> | undefined)?.[part];
  return { owner: owner as Record<string, unknown>, name };
}
