import { createHmac, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { createWebhookSigner, type WebhookPublicKey } from '../../src/testing/index.js';
import { WebhookVerifier } from '../../src/webhooks/index.js';
import { startServer } from '../helpers/http-server.js';
import { useHarness } from './harness.js';

const event = {
  type: 'calculated_data.created',
  timestamp: '2024-05-01T08:00:00',
  data: { clientId: '5f1e0c7a9b3d2e4f6a8b0c1d' },
};

/** Verifies with node:crypto, independently of the signer's WebCrypto: raw r‖s (IEEE P1363) over id.timestamp.body. */
function verifies(
  key: WebhookPublicKey,
  id: string,
  timestamp: string,
  body: string,
  signatureHeader: string,
): boolean {
  const [tag, signature] = signatureHeader.split(',') as [string, string];
  expect(tag).toBe('v1a');
  return verify(
    'sha256',
    Buffer.from(`${id}.${timestamp}.${body}`),
    { key: { ...key }, format: 'jwk', dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64'),
  );
}

describe('createWebhookSigner', () => {
  it('signs a Standard Webhooks delivery with ECDSA P-256 over id.timestamp.body', async () => {
    const signer = createWebhookSigner({ kid: 'key-1' });
    const d = await signer.sign(event, { id: 'msg_1', timestamp: new Date('2024-05-01T08:00:05Z') });
    expect(d.body).toBe(JSON.stringify(event));
    expect(d.headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1714550405',
      'webhook-signature': expect.stringMatching(/^v1a,[A-Za-z0-9+/]{86}==$/),
      'content-type': 'application/json',
    });
    const [key] = await signer.publicKeys();
    expect(key).toEqual({
      kid: 'key-1',
      kty: 'EC',
      crv: 'P-256',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      y: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(verifies(key as WebhookPublicKey, 'msg_1', '1714550405', d.body, d.headers['webhook-signature'])).toBe(true);
    expect(verifies(key as WebhookPublicKey, 'msg_1', '1714550405', `${d.body} `, d.headers['webhook-signature'])).toBe(
      false,
    );
  });

  it('defaults the id to msg_… and the timestamp to now, and signs a raw string body as is', async () => {
    const signer = createWebhookSigner();
    const before = Math.floor(Date.now() / 1000);
    const d = await signer.sign('{"type":"x"}');
    expect(d.body).toBe('{"type":"x"}');
    expect(d.id).toMatch(/^msg_[A-Za-z0-9_-]{16}$/);
    expect(d.timestamp).toBeGreaterThanOrEqual(before);
    expect(d.timestamp).toBeLessThanOrEqual(before + 2);
  });

  it('rotates: a new current kid, the old key published until retired', async () => {
    const signer = createWebhookSigner({ kid: 'old' });
    const oldDelivery = await signer.sign(event, { id: 'msg_a', timestamp: 1 });
    const kid = signer.rotate();
    expect(kid).not.toBe('old');
    expect(signer.kid).toBe(kid);
    const keys = await signer.publicKeys();
    expect(keys.map((k) => k.kid)).toEqual(['old', kid]);
    const newDelivery = await signer.sign(event, { id: 'msg_b', timestamp: 1 });
    expect(newDelivery.kid).toBe(kid);
    const byKid = Object.fromEntries(keys.map((k) => [k.kid, k]));
    expect(
      verifies(byKid.old as WebhookPublicKey, 'msg_a', '1', oldDelivery.body, oldDelivery.headers['webhook-signature']),
    ).toBe(true);
    expect(
      verifies(byKid.old as WebhookPublicKey, 'msg_b', '1', newDelivery.body, newDelivery.headers['webhook-signature']),
    ).toBe(false);
    expect(
      verifies(
        byKid[kid] as WebhookPublicKey,
        'msg_b',
        '1',
        newDelivery.body,
        newDelivery.headers['webhook-signature'],
      ),
    ).toBe(true);
    // A delivery from before the rotation can still be made with the published old key.
    expect((await signer.sign(event, { kid: 'old' })).kid).toBe('old');
    expect(() => signer.retire(kid)).toThrow('the current key cannot be retired');
    signer.retire();
    expect((await signer.publicKeys()).map((k) => k.kid)).toEqual([kid]);
    await expect(signer.sign(event, { kid: 'old' })).rejects.toThrow('no published key with kid "old"');
  });
});

describe('the mock serves the registered signers’ keys', () => {
  const first = createWebhookSigner({ kid: 'first' });
  const h = useHarness({ signers: [first] });

  it('answers GET /v2/webhooks/keys with plain JSON and every registered key, given the token', async () => {
    const second = createWebhookSigner({ kid: 'second' });
    h.mock.webhooks.addSigner(second);
    // The reference puts every endpoint behind the bearer token, this one included.
    const anonymous = await fetch(`${h.url}/v2/webhooks/keys`, { headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toBe('application/json');
    expect(await anonymous.json()).toEqual({
      errors: [{ status: 401, detail: 'missing credentials: send the header "Authorization: Bearer <access token>"' }],
    });
    const withToken = (url: string) => fetch(url, { headers: { authorization: 'Bearer test' } });
    const res = await fetch(`${h.url}/v2/webhooks/keys`, {
      headers: { accept: 'application/json', authorization: 'Bearer test' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(body).toEqual({ keys: [...(await first.publicKeys()), ...(await second.publicKeys())] });
    first.rotate();
    expect(
      (await (await withToken(`${h.url}/v2/webhooks/keys`)).json()).keys.map((k: { kid: string }) => k.kid),
    ).toEqual(['first', first.kid, 'second']);
    h.mock.webhooks.removeSigner(second);
    first.retire();
    expect(
      (await (await withToken(`${h.url}/v2/webhooks/keys`)).json()).keys.map((k: { kid: string }) => k.kid),
    ).toEqual([first.kid]);
  });

  it('a delivery to a receiver not listening names the URL and the reason (it was a bare "TypeError: fetch failed")', async () => {
    const receiver = await startServer((_req, res) => res.writeHead(204).end());
    const url = `${receiver.url}/hooks`;
    await receiver.close(); // a port nothing listens on now
    const error = await h.mock.webhooks.deliver(url, event).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^mock\\.webhooks\\.deliver\\(\\): POST ${url.replace(/[.]/g, '\\.')} failed: connect ECONNREFUSED [0-9.:]+ \\(is the receiver listening there\\?\\)$`,
      ),
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('gives the "is the receiver listening there?" hint for a refused connection alone (not a port fetch blocks)', async () => {
    const error = await h.mock.webhooks.deliver('http://127.0.0.1:9/hooks', event).catch((e: unknown) => e);
    expect((error as Error).message).toBe('mock.webhooks.deliver(): POST http://127.0.0.1:9/hooks failed: bad port');
  });

  it("words a refusal of both of a name's addresses (an AggregateError of no message) by its errors", async () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const both = Object.assign(new AggregateError([refused('::1:3000'), refused('127.0.0.1:3000')], ''), {
      code: 'ECONNREFUSED',
    });
    const fetchRefused = vi.fn(async () => {
      throw new TypeError('fetch failed', { cause: both });
    });
    vi.stubGlobal('fetch', fetchRefused);
    try {
      const error = await h.mock.webhooks.deliver('http://localhost:3000/hooks', event).catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        'mock.webhooks.deliver(): POST http://localhost:3000/hooks failed: connect ECONNREFUSED ::1:3000; ' +
          'connect ECONNREFUSED 127.0.0.1:3000 (is the receiver listening there?)',
      );
      expect(fetchRefused).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('delivers a signed event to a receiver, which can verify it with the served key', async () => {
    const receiver = await startServer((_req, res) => res.writeHead(204).end());
    try {
      const { response, delivery } = await h.mock.webhooks.deliver(`${receiver.url}/hooks`, event, {
        id: 'msg_deliver',
      });
      expect(response.status).toBe(204);
      const [got] = receiver.requests;
      expect(got?.method).toBe('POST');
      expect(got?.body).toBe(JSON.stringify(event));
      expect(got?.headers['webhook-id']).toBe('msg_deliver');
      const keys = (
        await (await fetch(`${h.url}/v2/webhooks/keys`, { headers: { authorization: 'Bearer test' } })).json()
      ).keys as WebhookPublicKey[];
      const key = keys.find((k) => k.kid === delivery.kid) as WebhookPublicKey;
      expect(
        verifies(
          key,
          'msg_deliver',
          String(got?.headers['webhook-timestamp']),
          got?.body ?? '',
          String(got?.headers['webhook-signature']),
        ),
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe('createWebhookSigner({ secret }): a Standard Webhooks v1 (HMAC-SHA256) entry beside v1a', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('signs id.timestamp.body with the base64-decoded secret, after the v1a entry', async () => {
    const signer = createWebhookSigner({ secret });
    const d = await signer.sign(event, { id: 'msg_1', timestamp: 1714550405 });
    const [v1a, v1, ...rest] = d.headers['webhook-signature'].split(' ');
    expect([v1a?.startsWith('v1a,'), rest]).toEqual([true, []]);
    // Computed independently with node:crypto.
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    const mac = createHmac('sha256', key).update(`msg_1.1714550405.${d.body}`).digest('base64');
    expect(v1).toBe(`v1,${mac}`);
    const [publicKey] = await signer.publicKeys();
    expect(verifies(publicKey as WebhookPublicKey, 'msg_1', '1714550405', d.body, v1a as string)).toBe(true);
  });

  it('takes the secret without its whsec_ prefix, as verifiers do', async () => {
    const bare = await createWebhookSigner({ secret: secret.slice('whsec_'.length) }).sign(event, {
      id: 'm',
      timestamp: 1,
    });
    const prefixed = await createWebhookSigner({ secret }).sign(event, { id: 'm', timestamp: 1 });
    expect(bare.headers['webhook-signature'].split(' ')[1]).toBe(prefixed.headers['webhook-signature'].split(' ')[1]);
  });

  it('is verified by our WebhookVerifier with the secret alone (versions: [], no keys fetched)', async () => {
    let loaded = 0;
    const verifier = new WebhookVerifier({
      secret,
      versions: [],
      loadKeys: async () => {
        loaded++;
        return { keys: [] };
      },
    });
    const { body, headers } = await createWebhookSigner({ secret }).sign(event);
    await expect(verifier.verify(body, headers)).resolves.toEqual(event);
    const other = await createWebhookSigner({ secret: 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldA==' }).sign(event);
    await expect(verifier.verify(other.body, other.headers)).rejects.toMatchObject({
      reason: 'no_matching_signature',
    });
    expect(loaded).toBe(0);
  });

  it('is verified by the standardwebhooks package', async () => {
    const { body, headers } = await createWebhookSigner({ secret }).sign(event, { id: 'msg_sw' });
    expect(new Webhook(secret).verify(body, headers)).toEqual(event);
    expect(() => new Webhook(secret).verify(body.replace('5f1e', '0000'), headers)).toThrow(
      'No matching signature found',
    );
  });

  it('without a secret, signs v1a alone', async () => {
    const { headers } = await createWebhookSigner().sign(event);
    expect(headers['webhook-signature']).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
  });
});
