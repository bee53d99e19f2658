/** Row 77: the webhook keys, and a delivery signed by the mock's signer verified by the client. */
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../../../src/index.js';
import { createWebhookSigner } from '../../../src/testing/index.js';
import { type E2E, failure } from '../harness.js';

export function webhooksArea(e: E2E): void {
  describe('webhooks', () => {
    it('keys lists every registered signer’s public key; prs.webhooks.verify accepts its delivery and refuses a tampered one', async () => {
      expect(await e.prs.webhooks.keys()).toEqual({ keys: [] });
      const signer = createWebhookSigner();
      e.mock.webhooks.addSigner(signer);
      const [published] = await signer.publicKeys();
      expect(await e.prs.webhooks.keys()).toEqual({ keys: [published] });

      const event = {
        type: 'calculated_data.created',
        timestamp: '2024-05-01T08:00:00',
        data: { clientId: 'client-7' },
      };
      const delivery = await signer.sign(event);
      expect(await e.prs.webhooks.verify(delivery.body, delivery.headers)).toEqual(event);
      const tampered = await failure(
        () => e.prs.webhooks.verify(delivery.body.replace('client-7', 'client-8'), delivery.headers),
        WebhookVerificationError,
      );
      expect(tampered.reason).toBe('no_matching_signature');
      e.mock.webhooks.removeSigner(signer);
    });
  });
}
