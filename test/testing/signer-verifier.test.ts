import { describe, expect, it } from 'vitest';
import { createWebhookSigner } from '../../src/testing/index.js';
import { WebhookVerificationError, WebhookVerifier } from '../../src/webhooks/index.js';
import { useHarness } from './harness.js';

const event = {
  type: 'calculated_data.created',
  timestamp: '2024-05-01T08:00:00',
  data: { clientId: '5f1e0c7a9b3d2e4f6a8b0c1d' },
};

/** The signer and the SDK's verifier meet only through the mock's GET /v2/webhooks/keys. */
describe('createWebhookSigner with WebhookVerifier', () => {
  const signer = createWebhookSigner();
  const h = useHarness({ signers: [signer] });

  it('verifies a delivery and decodes its event', async () => {
    const verifier = new WebhookVerifier({ baseUrl: h.url, accessToken: 'test' });
    const { body, headers } = await signer.sign(event);
    const verified = await verifier.verify(body, headers);
    expect(verified).toMatchObject({ type: 'calculated_data.created', data: { clientId: '5f1e0c7a9b3d2e4f6a8b0c1d' } });
  });

  it('refuses a tampered body and a foreign signer', async () => {
    const verifier = new WebhookVerifier({ baseUrl: h.url, accessToken: 'test', keysCooldown: 0 });
    const { body, headers } = await signer.sign(event);
    await expect(verifier.verify(body.replace('5f1e', '0000'), headers)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    const stranger = await createWebhookSigner().sign(event);
    await expect(verifier.verify(stranger.body, stranger.headers)).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('follows a rotation: the new key is fetched; after retire() the old key no longer verifies', async () => {
    const verifier = new WebhookVerifier({ baseUrl: h.url, accessToken: 'test', keysCooldown: 0 });
    const before = await signer.sign(event);
    await verifier.verify(before.body, before.headers);
    signer.rotate();
    const after = await signer.sign(event);
    await expect(verifier.verify(after.body, after.headers)).resolves.toMatchObject({
      type: 'calculated_data.created',
    });
    const old = await signer.sign(event, { kid: before.kid });
    await expect(verifier.verify(old.body, old.headers)).resolves.toMatchObject({ type: 'calculated_data.created' });
    signer.retire();
    const fresh = new WebhookVerifier({ baseUrl: h.url, accessToken: 'test' });
    await expect(fresh.verify(before.body, before.headers)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(fresh.verify(after.body, after.headers)).resolves.toMatchObject({ type: 'calculated_data.created' });
  });
});
