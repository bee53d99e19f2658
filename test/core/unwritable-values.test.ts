/**
 * Values a plain JavaScript caller can pass that JSON cannot write — a BigInt, an object that contains itself — are
 * refused as a `ValidationError` naming the field, never a `TypeError` from `JSON.stringify` wording the message or
 * writing the body; nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { PortfolioReporting, ValidationError } from '../../src/index.js';
import { WebhookVerifier } from '../../src/webhooks/index.js';
import { refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const cyclic = (): Record<string, unknown> => {
  const value: Record<string, unknown> = { name: 'loop' };
  value.self = value;
  return value;
};
const thrown = (make: () => unknown): unknown => {
  try {
    make();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
};

describe('options', () => {
  it.each([
    ['a BigInt', 10n, 'bigint 10'],
    ['an object that contains itself', cyclic(), 'an object'],
  ])('logLevel as %s: a ValidationError naming logLevel', (_what, logLevel, got) => {
    const error = thrown(
      () => new PortfolioReporting({ baseUrl: 'https://x.test', accessToken: 'token-1', logLevel: logLevel as never }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `new PortfolioReporting(): logLevel: must be one of debug, info, warn, error, off, got ${got}`,
    );
  });

  it.each([
    ['a number', 5, 'versions', 'must be an array of version tags, got number 5'],
    ['an array holding a BigInt', ['v1a', 10n], 'versions.1', 'must be a version tag such as "v1a", got bigint 10'],
  ])('the verifier’s versions as %s: a ValidationError naming the entry', (_what, versions, path, message) => {
    const error = thrown(
      () => new WebhookVerifier({ versions: versions as never, loadKeys: async () => ({ keys: [] }) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path, message }]);
  });
});

describe('call inputs', () => {
  it('waitForStatus with a BigInt status: a ValidationError naming status, nothing sent', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() => prs.custodianAuthorities.waitForStatus('ca1', 10n as never));
    expect(e.issues).toEqual([
      {
        path: 'status',
        message:
          'must be one of waiting-for-files, waiting-for-consent, awaiting-operator, awaiting-custodian, active, revoke-in-progress, revoked, cancelled, got bigint 10',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a BigInt', 10n],
    ['an object that contains itself', cyclic()],
  ])('a generic create whose attribute is %s: a ValidationError on body, nothing sent', async (_what, value) => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() => prs.clients.create({ attributes: { name: 'Odd', value } }));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]?.path).toBe('body');
    // The engine's own words after the rule: "Do not know how to serialize a BigInt", "Converting circular structure…".
    expect(e.issues[0]?.message).toMatch(/^cannot be written as JSON \(.*(serialize a BigInt|circular).*\)$/is);
    expect(e.message).toMatch(/^POST \/api\/v2\/clients: body: cannot be written as JSON/);
    expect(requests).toHaveLength(0);
  });

  it('a create whose typed attribute is a BigInt: zod’s rule names the field', async () => {
    const { prs, requests } = recordingClient();
    const e = await refusalOf(() =>
      prs.legalEntities.accounts.create('le1', {
        attributes: { name: 'Current', externalIdentifier: 'CH93-1', ccyCode: 10n as never },
      }),
    );
    expect(e.issues).toContainEqual({ path: 'attributes.ccyCode', message: 'must be a string, got bigint 10' });
    expect(requests).toHaveLength(0);
  });
});
