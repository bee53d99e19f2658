/**
 * The testing entry's arguments, as plain JavaScript can pass them: `createMockService`, `createWebhookSigner` and
 * `signer.sign` refuse an unknown key (a misspelled `basUrl` made the mock answer every origin) and a value of the
 * wrong kind with a `ValidationError` naming it, where they ignored it or threw a `TypeError` from inside.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { createMockService, createWebhookSigner } from '../../src/testing/index.js';
import { thrownValidationError as refusal } from '../helpers/issues.js';

describe('createMockService', () => {
  it('refuses a misspelled option, naming it and the accepted ones', () => {
    expect(refusal(() => createMockService({ basUrl: 'https://prs.test' } as never)).message).toBe(
      'createMockService(): options.basUrl: is not a known field here (accepted: baseUrl, seed, pageSize, accessToken, now, inviteBaseUrl, signers)',
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

  it.each([
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    ['a hole', [, createWebhookSigner()], 'is required'],
    ['undefined', [undefined, createWebhookSigner()], 'is required'],
    [
      'an object with publicKeys only',
      [{ publicKeys: async () => [] }],
      'must be a signer made by createWebhookSigner(), got an object',
    ],
  ])('refuses %s among the signers (GET /v2/webhooks/keys answered 500)', (_what, signers, message) => {
    const error = refusal(() => createMockService({ signers: signers as never }));
    expect(error.message).toBe(`createMockService(): signers.0: ${message}`);
  });

  it('refuses a token the client would refuse to send, by the client’s rule and words', () => {
    expect(refusal(() => createMockService({ accessToken: 'a\r\nb' })).message).toBe(
      'createMockService(): accessToken: holds a character a header cannot carry (a control character or one past U+00FF)',
    );
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

describe('mock.webhooks.addSigner', () => {
  it('refuses what is not a signer, and publishes no keys for it', () => {
    const mock = createMockService();
    expect(refusal(() => mock.webhooks.addSigner({ kid: 'k' } as never)).message).toBe(
      'mock.webhooks.addSigner(): signer: must be a signer made by createWebhookSigner(), got an object',
    );
    expect(mock.webhooks.signers).toEqual([]);
  });
});

describe('mock.listen', () => {
  async function listenRefusal(options: unknown): Promise<ValidationError> {
    const error = await createMockService()
      .listen(options as never)
      .then(
        (server) => server.close().then(() => expect.unreachable('it listened')),
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }

  it.each([
    [
      'a misspelled key (it was ignored)',
      { prot: 0 },
      'options.prot: is not a known field here (accepted: port, host, onRequest)',
    ],
    [
      'a negative port (a RangeError)',
      { port: -1 },
      'port: must be a whole number from 0 to 65535 (0: any free port), got number -1',
    ],
    [
      'a port past 65535',
      { port: 65_536 },
      'port: must be a whole number from 0 to 65535 (0: any free port), got number 65536',
    ],
    [
      'a fractional port',
      { port: 1.5 },
      'port: must be a whole number from 0 to 65535 (0: any free port), got number 1.5',
    ],
    [
      'a port as a string',
      { port: '4010' },
      'port: must be a whole number from 0 to 65535 (0: any free port), got "4010"',
    ],
    ['an empty host', { host: '' }, 'host: must be a non-empty string (a name or an IP address), got ""'],
    [
      'an onRequest that is no function (the first request crashed the process)',
      { port: 0, onRequest: 'x' },
      'onRequest: must be a function (entry) => void, got "x"',
    ],
    ['options that are not an object', 4010, 'options: must be an object, got number 4010'],
  ])('refuses %s before listening', async (_what, options, message) => {
    expect((await listenRefusal(options)).message).toBe(`mock.listen(): ${message}`);
  });

  it('names every broken option in one error', async () => {
    expect((await listenRefusal({ port: -1, host: 5, onRequest: {} })).issues).toEqual([
      { path: 'port', message: 'must be a whole number from 0 to 65535 (0: any free port), got number -1' },
      { path: 'host', message: 'must be a non-empty string (a name or an IP address), got number 5' },
      { path: 'onRequest', message: 'must be a function (entry) => void, got an object' },
    ]);
  });

  it('listens with options of the right kind and logs each request to onRequest', async () => {
    const logged: unknown[] = [];
    const server = await createMockService().listen({
      port: 0,
      host: '127.0.0.1',
      onRequest: ({ method, path, status }) => logged.push([method, path, status]),
    });
    try {
      expect((await fetch(`${server.url}/api/v2/clients`)).status).toBe(401);
    } finally {
      await server.close();
    }
    expect(logged).toEqual([['GET', '/api/v2/clients', 401]]);
  });
});

describe('createWebhookSigner and sign', () => {
  it('refuses an unknown option and a kid that is not a non-empty string', () => {
    expect(refusal(() => createWebhookSigner({ kd: 'k' } as never)).issues).toEqual([
      { path: 'options.kd', message: 'is not a known field here (accepted: kid, secret)' },
    ]);
    expect(refusal(() => createWebhookSigner({ kid: '' })).issues).toEqual([
      { path: 'kid', message: 'must be a non-empty string, got ""' },
    ]);
  });

  it('refuses a secret that is not whsec_ and base64, without echoing it', () => {
    const secret = 'whsec_not base64!';
    const error = refusal(() => createWebhookSigner({ kid: 7, secret } as never));
    expect(error.message).toBe(
      'createWebhookSigner(): kid: must be a non-empty string, got number 7; ' +
        'secret: must be a `whsec_…` signing secret (base64 after the prefix), got other text (not shown)',
    );
    expect(refusal(() => createWebhookSigner({ secret: 'whsec_' })).issues).toEqual([
      {
        path: 'secret',
        message: 'must be a `whsec_…` signing secret (base64 after the prefix), got other text (not shown)',
      },
    ]);
    expect(refusal(() => createWebhookSigner({ secret: 42 } as never)).issues).toEqual([
      { path: 'secret', message: 'must be a `whsec_…` signing secret (base64 after the prefix), got number' },
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
      { path: 'options.bogus', message: 'is not a known field here (accepted: id, timestamp, kid)' },
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
