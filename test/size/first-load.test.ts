/**
 * What Node loads, as users run the package: importing the built ESM entry and constructing a client load
 * neither zod nor the endpoint table (no schema is built); the first call loads them, once. A Node module hook
 * records every module the process loads; each scenario runs in a fresh process.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** A module hook (data URL) that prints each loaded file URL on its own line, prefixed so it can be told apart. */
const HOOK = `data:text/javascript,${encodeURIComponent(
  'export async function load(url, context, next) { if (url.startsWith("file:")) process._rawDebug("LOADED " + url); return next(url, context); }',
)}`;

function loaded(script: string): string[] {
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { register } from 'node:module'; register(${JSON.stringify(HOOK)}); ${script}`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(child.status, child.stderr).toBe(0);
  return child.stderr
    .split('\n')
    .filter((line) => line.startsWith('LOADED '))
    .map((line) => line.slice('LOADED '.length).replace(`file://${ROOT}`, ''));
}

const isZod = (url: string) => url.includes('/node_modules/zod/');
const isEndpointCalls = (url: string) => /\/dist\/endpoint-calls-[A-Z0-9]+\.js$/.test(url);

describe('what the built package loads', () => {
  it('imports and constructs a client without zod or the endpoint table', () => {
    const urls = loaded(
      "const { PortfolioReporting } = await import('portfolio-reporting'); new PortfolioReporting({ baseUrl: 'http://127.0.0.1:9', accessToken: 'token-123456' });",
    );
    expect(urls).toContain('/dist/index.js');
    expect(urls.some((url) => url.includes('/node_modules/ky/'))).toBe(true);
    expect(urls.filter(isZod)).toEqual([]);
    expect(urls.filter(isEndpointCalls)).toEqual([]);
  });

  it('loads them on the first call, once, even when the call is refused before sending', () => {
    const urls = loaded(
      "const { PortfolioReporting } = await import('portfolio-reporting'); const prs = new PortfolioReporting({ baseUrl: 'http://127.0.0.1:9', accessToken: 'token-123456' }); await Promise.all([prs.accounts.retrieve('..').catch((e) => { if (e.name !== 'ValidationError') throw e; }), prs.transactions.create({}).catch((e) => { if (e.name !== 'ValidationError') throw e; })]);",
    );
    expect(urls.filter(isEndpointCalls)).toHaveLength(1);
    expect(urls.some(isZod)).toBe(true);
  });
});
