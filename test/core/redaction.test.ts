/**
 * The access token never appears in an error (message, toString, stack, JSON, inspect) or a log line,
 * whatever went wrong.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  AuthenticationError,
  PortfolioReporting,
  PortfolioReportingError,
  ResponseValidationError,
  ValidationError,
} from '../../src/index.js';
import { json } from '../helpers/http-server.js';
import { TOKEN, useServer } from '../helpers/instrument-fixtures.js';

const server = useServer();

/** A client logging everything into `lines`. */
function logged(options: ClientOptions = {}) {
  const lines: string[] = [];
  const sink =
    (level: string) =>
    (message: string, ...rest: unknown[]) =>
      lines.push([level, message, ...rest.map((r) => inspect(r))].join(' '));
  const logger = { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') };
  const prs = new PortfolioReporting({
    baseUrl: server.url,
    accessToken: TOKEN,
    logger,
    logLevel: 'debug',
    maxRetries: 1,
    ...options,
  });
  return { prs, lines };
}

/** Every rendering of an error a program might print or ship. */
function renderings(error: unknown): string[] {
  const e = error as Error;
  return [
    e.message,
    String(e),
    e.stack ?? '',
    JSON.stringify(e),
    inspect(e, { depth: 5 }),
    JSON.stringify(Object.getOwnPropertyDescriptors(e)),
  ];
}

function expectNoToken(error: unknown, lines: string[], token = TOKEN) {
  for (const text of renderings(error)) expect(text).not.toContain(token);
  for (const line of lines) expect(line).not.toContain(token);
}

describe('the token is absent', () => {
  it('from an API error, even when the service echoes the token in its detail', async () => {
    server.handle((req, res) =>
      json(
        res,
        401,
        { errors: [{ status: 401, detail: `token ${TOKEN} expired; got header "${req.headers.authorization}"` }] },
        { 'x-request-id': 'r1' },
      ),
    );
    const { prs, lines } = logged();
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1 failed with 401: token *** expired; got header "Bearer ***" (request id r1)`,
    );
    expect((error as AuthenticationError).errors[0]?.detail).toBe('token *** expired; got header "Bearer ***"');
    expectNoToken(error, lines);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('from retried server errors and their warnings', async () => {
    server.handle((_req, res) => json(res, 503, { errors: [{ status: 503, detail: 'down' }] }, { 'retry-after': '0' }));
    const { prs, lines } = logged();
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(lines.some((l) => l.startsWith('warn [portfolio-reporting] retrying GET'))).toBe(true);
    expectNoToken(error, lines);
  });

  it('from a connection error', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const { prs, lines } = logged();
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expectNoToken(error, lines);
  });

  it('from a timeout', async () => {
    server.handle(() => {});
    const { prs, lines } = logged({ timeout: 50, maxRetries: 0 });
    const error = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expectNoToken(error, lines);
  });

  it('from a ValidationError and a ResponseValidationError', async () => {
    const { prs, lines } = logged();
    const invalid = await Promise.resolve()
      .then(() => prs.instruments.create({ type: 'stock-instrument', attributes: { ccyCode: 'eur' } } as never))
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expectNoToken(invalid, lines);
    server.handle((_req, res) => json(res, 200, { data: { id: 1, type: 'bond-instrument' } }));
    const mismatch = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(ResponseValidationError);
    expectNoToken(mismatch, lines);
  });

  it('from a token function that fails after a token was used, and from one that returns nothing', async () => {
    server.handle((_req, res) => json(res, 200, { data: { id: 'i1', type: 'x-instrument' } }));
    let calls = 0;
    const accessToken = async () => {
      calls += 1;
      if (calls === 1) return 'fresh-SECRET-1';
      if (calls === 2) throw new Error('identity provider unreachable');
      return '';
    };
    const { prs, lines } = logged({ accessToken });
    await prs.instruments.retrieve('i1');
    const failed = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PortfolioReportingError);
    expect((failed as Error).message).toBe(`GET ${server.url}/api/v3/instruments/i1: the accessToken function threw`);
    expect(((failed as Error).cause as Error).message).toBe('identity provider unreachable');
    const empty = await prs.instruments.retrieve('i1').catch((e: unknown) => e);
    expect((empty as Error).message).toBe(
      `GET ${server.url}/api/v3/instruments/i1: the accessToken function must return a non-empty string, got an empty string`,
    );
    expectNoToken(failed, lines, 'fresh-SECRET-1');
    expectNoToken(empty, lines, 'fresh-SECRET-1');
    expect(
      lines.some((l) => l.includes(`debug [portfolio-reporting] GET ${server.url}/api/v3/instruments/i1 -> 200`)),
    ).toBe(true);
  });
});

describe('short tokens', () => {
  it('a one-letter token does not mangle messages (only tokens of 6+ characters are searched for)', async () => {
    const { LevelLogger } = await import('../../src/core/logger.js');
    const lines: string[] = [];
    const logger = new LevelLogger({ debug: (m) => lines.push(m), info() {}, warn() {}, error() {} }, 'debug');
    logger.addSecret('t');
    logger.addSecret('secret-token-123');
    logger.log('debug', 'the total is secret-token-123 and Bearer abc');
    expect(lines).toEqual(['[portfolio-reporting] the total is *** and Bearer ***']);
  });
});
