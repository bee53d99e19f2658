/**
 * The testing entry's arguments, as plain JavaScript can pass them: `createMockService`, `createWebhookSigner` and
 * `signer.sign` refuse an unknown key (a misspelled `basUrl` made the mock answer every origin) and a value of the
 * wrong kind with a `ValidationError` naming it, where they ignored it or threw a `TypeError` from inside.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { createMockService, createWebhookSigner } from '../../src/testing/index.js';

function refusal(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  return expect.unreachable('nothing was thrown');
}

describe('createMockService', () => {
  it('refuses a misspelled option, naming it and the accepted ones', () => {
    expect(refusal(() => createMockService({ basUrl: 'https://prs.test' } as never)).message).toBe(
      'createMockService(): options.basUrl: is not known here (accepted: baseUrl, seed, pageSize, accessToken, now, inviteBaseUrl, signers)',
    );
  });

  it('names every option of the wrong kind in one error', () => {
    const error = refusal(() =>
      createMockService({
        seed: 5 as never,
        now: 'today' as never,
        signers: [{}] as never,
        accessToken: 42 as never,
        pageSize: 0,
        inviteBaseUrl: 'app.test',
      }),
    );
    expect(error.issues).toEqual([
      { path: 'seed', message: 'must be a function (store) => void, got number 5' },
      { path: 'now', message: 'must be a function returning a Date, got "today"' },
      { path: 'accessToken', message: 'must be a non-empty string, got number 42' },
      { path: 'pageSize', message: 'must be a whole number of 1 or more, got number 0' },
      { path: 'inviteBaseUrl', message: 'must be an absolute http:// or https:// URL, got "app.test"' },
      { path: 'signers.0', message: 'must be a signer made by createWebhookSigner(), got an object' },
    ]);
  });

  it('checks baseUrl by the client’s rule (it threw `baseUrl.replace is not a function`)', () => {
    expect(refusal(() => createMockService({ baseUrl: Symbol('url') as never })).issues).toEqual([
      { path: 'baseUrl', message: 'must be a string (e.g. https://reporting.example.com), got symbol Symbol(url)' },
    ]);
  });

  it('takes every option of the right kind', () => {
    const mock = createMockService({
      baseUrl: 'https://prs.test/base',
      seed: () => {},
      now: () => new Date(0),
      signers: [createWebhookSigner()],
      accessToken: 'token-1',
      pageSize: 5,
      inviteBaseUrl: 'https://app.test',
    });
    expect(mock.webhooks.signers).toHaveLength(1);
  });
});

describe('createWebhookSigner and sign', () => {
  it('refuses an unknown option and a kid that is not a non-empty string', () => {
    expect(refusal(() => createWebhookSigner({ kd: 'k' } as never)).issues).toEqual([
      { path: 'options.kd', message: 'is not known here (accepted: kid)' },
    ]);
    expect(refusal(() => createWebhookSigner({ kid: '' })).issues).toEqual([
      { path: 'kid', message: 'must be a non-empty string, got ""' },
    ]);
  });

  it('refuses an event JSON would change, where it signed the changed body', async () => {
    const signer = createWebhookSigner();
    const error = await signer.sign({ type: 'x', data: { at: () => 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'signer.sign(): event.data.at: must be a JSON value, got a function, which JSON would leave out',
    );
    const bigint = await signer.sign({ type: 'x', n: 10n }).catch((e: unknown) => e);
    expect((bigint as ValidationError).issues).toEqual([
      {
        path: 'event.n',
        message: 'must be a JSON value, got bigint 10, which JSON cannot write: give a string or a number',
      },
    ]);
  });

  it('refuses sign options of the wrong kind, and signs with the right ones', async () => {
    const signer = createWebhookSigner({ kid: 'key-1' });
    const error = await signer
      .sign({ type: 'x' }, { id: 5, timestamp: new Date('not a date'), kid: 1, bogus: true } as never)
      .catch((e: unknown) => e);
    expect((error as ValidationError).issues).toEqual([
      { path: 'options.bogus', message: 'is not known here (accepted: id, timestamp, kid)' },
    ]);
    const wrong = await signer
      .sign({ type: 'x' }, { id: 5, timestamp: new Date('not a date'), kid: 1 } as never)
      .catch((e: unknown) => e);
    expect((wrong as ValidationError).issues).toEqual([
      { path: 'id', message: 'must be a non-empty string, got number 5' },
      {
        path: 'timestamp',
        message:
          'must be whole seconds since the epoch (0 to 999999999999999) or a valid Date from 1970 on, got a Date',
      },
      { path: 'kid', message: 'must be a string, got number 1' },
    ]);
    const signed = await signer.sign('{"type":"x"}', { id: 'msg_1', timestamp: 1_700_000_000, kid: 'key-1' });
    expect(signed.headers['webhook-id']).toBe('msg_1');
    expect(signed.headers['webhook-timestamp']).toBe('1700000000');
    expect(signed.body).toBe('{"type":"x"}');
  });

  it.each([
    ['1e21, which String() writes as 1e+21', 1e21, 'number 1e+21'],
    ['past the safe integers', Number.MAX_SAFE_INTEGER + 2, 'number 9007199254740992'],
    ['16 digits, more than the verifier reads', 1_000_000_000_000_000, 'number 1000000000000000'],
    ['a Date before 1970, written as negative seconds', new Date(-5_000), 'a Date'],
  ])('refuses a timestamp of %s: only what the SDK’s verifier reads', async (_what, timestamp, got) => {
    const error = await createWebhookSigner()
      .sign({ type: 'x' }, { timestamp })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      {
        path: 'timestamp',
        message: `must be whole seconds since the epoch (0 to 999999999999999) or a valid Date from 1970 on, got ${got}`,
      },
    ]);
  });

  it('signs the largest timestamp the verifier reads, 15 digits', async () => {
    const signed = await createWebhookSigner().sign({ type: 'x' }, { timestamp: 999_999_999_999_999 });
    expect(signed.headers['webhook-timestamp']).toBe('999999999999999');
  });
});
