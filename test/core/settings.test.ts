/**
 * One options check: the base URL, the token, durations and retry counts are checked by one function
 * (src/core/settings.ts) that the client, the webhook verifier, the bulk runner and the command line all
 * call. The same table of bad values goes to each of the four that takes the setting, and each names the
 * setting with the same rule. Unknown keys are refused by each of them too.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bulk } from '../../src/bulk/index.js';
import { main } from '../../src/cli/main.js';
import { PortfolioReporting, ValidationError } from '../../src/index.js';
import { WebhookVerifier } from '../../src/webhooks/index.js';

const GOOD = 'https://reporting.example.com';
const EXAMPLE = '(e.g. https://reporting.example.com)';

/** The issues of the `ValidationError` that `make` throws (or rejects with). */
async function issuesOf(make: () => unknown): Promise<{ path: string; message: string }[]> {
  const error = await Promise.resolve()
    .then(make)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues;
}

/** Runs `portfolio-reporting load instruments <one valid row>` with `args` and `env`; returns exit code and stderr. */
async function cli(args: string[], env: Record<string, string> = { PRS_ACCESS_TOKEN: 'cli-token' }) {
  const dir = mkdtempSync(join(tmpdir(), 'prs-settings-'));
  const file = join(dir, 'one.csv');
  writeFileSync(file, 'type,name,securityIdentifier,ccyCode,countryCode\nstock-instrument,ACME,US0000000001,USD,US\n');
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const code = await main(['load', 'instruments', file, '--journal', join(dir, 'j.jsonl'), ...args], {
    stdout,
    stderr,
    env,
    fetch: async () => new Response(null, { status: 599 }),
  });
  return { code, stderr: stderr.text };
}

const BAD_BASE_URLS: [unknown, string][] = [
  ['localhost:3000', `must be an absolute http:// or https:// URL ${EXAMPLE}, got "localhost:3000"`],
  [
    'ftp://reporting.example.com',
    `must be an absolute http:// or https:// URL ${EXAMPLE}, got "ftp://reporting.example.com"`,
  ],
  ['/api', `must be an absolute http:// or https:// URL ${EXAMPLE}, got "/api"`],
  [
    'https://user:secret@reporting.example.com',
    'must not carry credentials (user:password@); pass the token as `accessToken`',
  ],
  [
    'https://reporting.example.com/?tenant=1',
    `must not carry a query or fragment ${EXAMPLE}, got "https://reporting.example.com/?tenant=1"`,
  ],
  [42, `must be a string ${EXAMPLE}, got number 42`],
];

describe.each(BAD_BASE_URLS)('the base URL %j', (baseUrl, rule) => {
  it('is refused by the client, the verifier and the command line with the same rule', async () => {
    expect(await issuesOf(() => new PortfolioReporting({ baseUrl: baseUrl as string, accessToken: 't' }))).toEqual([
      { path: 'baseUrl', message: rule },
    ]);
    expect(await issuesOf(() => new WebhookVerifier({ baseUrl: baseUrl as string }))).toEqual([
      { path: 'baseUrl', message: rule },
    ]);
    if (typeof baseUrl === 'string') {
      const run = await cli(['--base-url', baseUrl]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `error: portfolio-reporting load: --base-url: ${rule}\nRun portfolio-reporting --help for usage.\n`,
      );
    }
  });
});

it('drops trailing slashes of the base URL alike in the client and the verifier', async () => {
  expect(new PortfolioReporting({ baseUrl: `${GOOD}/base//`, accessToken: 't' }).baseUrl).toBe(`${GOOD}/base`);
  const asked: string[] = [];
  const verifier = new WebhookVerifier({
    baseUrl: `${GOOD}/`,
    fetch: async (url) => {
      asked.push(String(url));
      return Response.json({ keys: [] });
    },
  });
  await verifier
    .verify('{}', {
      'webhook-id': 'm',
      'webhook-timestamp': `${Math.floor(Date.now() / 1000)}`,
      // A well-formed P-256 entry (64 bytes, r‖s) that no key verifies: the verifier asks for the keys.
      'webhook-signature': `v1a,${btoa('\0'.repeat(64))}`,
    })
    .catch(() => undefined);
  expect(asked).toEqual([`${GOOD}/v2/webhooks/keys`]);
});

describe('the access token', () => {
  const cases: [unknown, string][] = [
    [42, 'must be a string or a function returning one, got number'],
    ['tok\r\nen', 'holds a character a header cannot carry (a control character or one past U+00FF)'],
    ['tok€en', 'holds a character a header cannot carry (a control character or one past U+00FF)'],
  ];
  it.each(cases)('%j is refused by the client and the verifier with the same rule', async (accessToken, rule) => {
    expect(await issuesOf(() => new PortfolioReporting({ baseUrl: GOOD, accessToken: accessToken as string }))).toEqual(
      [{ path: 'accessToken', message: rule }],
    );
    expect(await issuesOf(() => new WebhookVerifier({ baseUrl: GOOD, accessToken: accessToken as string }))).toEqual([
      { path: 'accessToken', message: rule },
    ]);
  });

  it('a missing one is named with its environment variable by the client and the command line', async () => {
    const saved = process.env.PRS_ACCESS_TOKEN;
    delete process.env.PRS_ACCESS_TOKEN;
    try {
      expect(await issuesOf(() => new PortfolioReporting({ baseUrl: GOOD }))).toEqual([
        {
          path: 'accessToken',
          message: 'is required (a string or an async function; or set the PRS_ACCESS_TOKEN environment variable)',
        },
      ]);
    } finally {
      if (saved !== undefined) process.env.PRS_ACCESS_TOKEN = saved;
    }
    const run = await cli(['--base-url', GOOD], {});
    expect(run.stderr).toContain(
      'PRS_ACCESS_TOKEN: is required (set the PRS_ACCESS_TOKEN environment variable to your access token)',
    );
  });
});

describe('retry counts', () => {
  const prs = new PortfolioReporting({ baseUrl: GOOD, accessToken: 't', fetch: async () => Response.json({}) });
  it.each([
    [-1, 'got number -1'],
    [1.5, 'got number 1.5'],
    ['2', 'got "2"'],
  ])('%j is refused by the client, per call, by the bulk runner and the command line alike', async (value, got) => {
    const rule = `must be a whole number, 0 or more, ${got}`;
    expect(
      await issuesOf(() => new PortfolioReporting({ baseUrl: GOOD, accessToken: 't', maxRetries: value as number })),
    ).toEqual([{ path: 'maxRetries', message: rule }]);
    expect(await issuesOf(() => prs.instruments.retrieve('i1', { maxRetries: value as number }))).toEqual([
      { path: 'options.maxRetries', message: rule },
    ]);
    expect(await issuesOf(() => new Bulk(prs).run([1], async () => 1, { maxRetries: value as number }))).toEqual([
      { path: 'maxRetries', message: rule },
    ]);
    if (value !== '2') {
      const run = await cli(['--base-url', GOOD, `--max-retries=${value}`]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--max-retries: must be a whole number, 0 or more, got "${value}"`);
    }
  });
});

describe('durations', () => {
  it.each([
    [-5, 'must be a finite number of milliseconds, 0 or more, got number -5'],
    [Number.POSITIVE_INFINITY, 'must be a finite number of milliseconds, 0 or more, got number Infinity'],
    [2 ** 31, 'must be at most 2147483647 ms (about 24 days), got 2147483648'],
  ])('%j is refused as a client timeout, a verifier keysTimeout and a bulk retry delay alike', async (value, rule) => {
    expect(
      await issuesOf(() => new PortfolioReporting({ baseUrl: GOOD, accessToken: 't', totalTimeout: value })),
    ).toEqual([{ path: 'totalTimeout', message: rule }]);
    expect(await issuesOf(() => new WebhookVerifier({ baseUrl: GOOD, keysTimeout: value }))).toEqual([
      { path: 'keysTimeout', message: rule },
    ]);
    const prs = new PortfolioReporting({ baseUrl: GOOD, accessToken: 't' });
    expect(await issuesOf(() => new Bulk(prs).run([1], async () => 1, { retryDelay: { initial: value } }))).toEqual([
      { path: 'retryDelay.initial', message: rule },
    ]);
  });
});

describe('unknown keys', () => {
  it('are refused by the client, the verifier and the bulk runner, each naming the key and the accepted ones', async () => {
    expect(
      await issuesOf(() => new PortfolioReporting({ baseUrl: GOOD, accessToken: 't', retries: 3 } as never)),
    ).toEqual([
      {
        path: 'options.retries',
        message:
          'is not a known field here (accepted: baseUrl, accessToken, timeout, totalTimeout, maxRetries, fetch, headers, logger, logLevel)',
      },
    ]);
    expect(await issuesOf(() => new WebhookVerifier({ baseUrl: GOOD, tolerance: 60 } as never))).toEqual([
      {
        path: 'options.tolerance',
        message:
          'is not a known field here (accepted: baseUrl, fetch, accessToken, loadKeys, toleranceSeconds, secret, versions, keysMaxAge, keysCooldown, keysTimeout)',
      },
    ]);
    const bulk = new Bulk(new PortfolioReporting({ baseUrl: GOOD, accessToken: 't' }));
    expect(await issuesOf(() => bulk.instruments([], { concurency: 4 } as never))).toEqual([
      {
        path: 'options.concurency',
        message:
          'is not a known field here (accepted: concurrency, minConcurrency, maxRetries, retryDelay, signal, onProgress, onStart, onResult, stopOnAuthError)',
      },
    ]);
    expect(await issuesOf(() => bulk.run([], async () => 1, { idempotent: true, verfy: () => 1 } as never))).toEqual([
      {
        path: 'options.verfy',
        message:
          'is not a known field here (accepted: concurrency, minConcurrency, maxRetries, retryDelay, signal, onProgress, onStart, onResult, stopOnAuthError, idempotent, verify)',
      },
    ]);
    expect(await issuesOf(() => bulk.instruments([], { retryDelay: { inital: 10 } } as never))).toEqual([
      { path: 'retryDelay.inital', message: 'is not a known field here (accepted: initial, max)' },
    ]);
  });

  it('are refused inherited by the verifier (read by name, an unknown one was passed over)', async () => {
    // An inherited known name is read, as an own one: only the unknown one is refused.
    const verifierOptions = Object.assign(Object.create({ toleranceSeconds: 60, tolerance: 60 }), { baseUrl: GOOD });
    expect(await issuesOf(() => new WebhookVerifier(verifierOptions))).toEqual([
      {
        path: 'options.tolerance',
        message:
          'is not a known field here (accepted: baseUrl, fetch, accessToken, loadKeys, toleranceSeconds, secret, versions, keysMaxAge, keysCooldown, keysTimeout)',
      },
    ]);
    expect(
      () => new WebhookVerifier(Object.assign(Object.create({ toleranceSeconds: 60 }), { baseUrl: GOOD })),
    ).not.toThrow();
  });

  it('are refused inherited by the bulk runner, in its options and their retryDelay, before anything is sent', async () => {
    const sent: string[] = [];
    const prs = new PortfolioReporting({
      baseUrl: GOOD,
      accessToken: 't',
      fetch: async (input) => {
        sent.push(String(input));
        return Response.json({});
      },
    });
    const bulk = new Bulk(prs);
    expect(await issuesOf(() => bulk.instruments([{} as never], Object.create({ concurency: 4 })))).toEqual([
      {
        path: 'options.concurency',
        message:
          'is not a known field here (accepted: concurrency, minConcurrency, maxRetries, retryDelay, signal, onProgress, onStart, onResult, stopOnAuthError)',
      },
    ]);
    expect(
      await issuesOf(() => bulk.instruments([{} as never], { retryDelay: Object.create({ inital: 10 }) } as never)),
    ).toEqual([{ path: 'retryDelay.inital', message: 'is not a known field here (accepted: initial, max)' }]);
    expect(sent).toEqual([]);
  });

  it('are refused in a create input beside type, attributes and relationships', async () => {
    const prs = new PortfolioReporting({ baseUrl: GOOD, accessToken: 't', fetch: async () => Response.json({}) });
    expect(
      await issuesOf(() =>
        prs.legalEntities.accounts.create('le1', {
          attributes: { externalIdentifier: 'X', ccyCode: 'CHF' },
          relationship: { depository: 'd1' },
        } as never),
      ),
    ).toEqual([
      { path: 'relationship', message: 'is not a known field here (accepted: type, attributes, relationships)' },
    ]);
  });
});
