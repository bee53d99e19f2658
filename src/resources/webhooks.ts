import type { API } from '../core/api.js';
import { APIPromise } from '../core/api-promise.js';
import { extraArguments } from '../core/arity.js';
import { answersAtOnce } from '../core/checked-methods.js';
import { ResponseValidationError } from '../core/errors.js';
import { checkKeys } from '../core/settings.js';
import type { RequestOptions } from '../core/transport.js';
import type { WebhookBody, WebhookHeaders } from '../webhooks/delivery.js';
import type { WebhookEvent } from '../webhooks/events.js';
import { type WebhookKeys, webhookKeysSchema } from '../webhooks/keys.js';
import {
  resolveVerifierOptions,
  VERIFIER_OPTION_KEYS,
  WEBHOOK_KEYS_PATH,
  type WebhookVerifierOptions,
} from '../webhooks/options.js';
import { issuesOf } from '../webhooks/shape.js';
import type { WebhookVerifier } from '../webhooks/verifier.js';
import { loadVerifier } from '../webhooks/verifier-loader.js';

/** The only call without a token, answered with plain JSON: the webhooks entry reads it without the codec. */
const KEYS_PATH = WEBHOOK_KEYS_PATH;

/** What `prs.webhooks.verifier()` takes: the verifier's options minus what the client supplies. */
export type ClientWebhookVerifierOptions = Omit<
  WebhookVerifierOptions,
  'baseUrl' | 'fetch' | 'accessToken' | 'loadKeys'
>;

/**
 * What `prs.webhooks.verifier()` returns: a verifier whose options were checked at once and whose code (the
 * signature checks, the key cache) is loaded on its first `verify`, so that a client that never verifies
 * webhooks (a browser app) does not carry it. Bundlers that split code put it in its own chunk.
 */
export interface ClientWebhookVerifier {
  /**
   * Verifies one delivery and returns its event; throws `WebhookVerificationError` naming the failed check.
   * @example
   * const event = await verifier.verify(await request.arrayBuffer(), request.headers);
   */
  verify(rawBody: WebhookBody, headers: WebhookHeaders): Promise<WebhookEvent>;
}

const SUPPLIED_BY_CLIENT = ['baseUrl', 'fetch', 'accessToken', 'loadKeys'];
const CLIENT_VERIFIER_OPTION_KEYS = VERIFIER_OPTION_KEYS.filter((key) => !SUPPLIED_BY_CLIENT.includes(key));

/** Webhooks: the service's public keys and verification of deliveries with them. */
export class Webhooks {
  private defaultVerifier: ClientWebhookVerifier | undefined;
  constructor(private readonly api: API) {}

  /**
   * Lists the service's active public keys (`GET /v2/webhooks/keys`, plain JSON).
   * @example
   * const { keys } = await prs.webhooks.keys();
   */
  keys(options?: RequestOptions): APIPromise<WebhookKeys> {
    const call = { method: 'GET', url: this.api.transport.url(KEYS_PATH) };
    return new APIPromise(
      this.api
        .raw({ method: 'GET', path: KEYS_PATH, accept: 'json', what: 'webhooks.keys' }, options)
        .withResponse()
        .then(({ data, response }) => {
          const issues = issuesOf(webhookKeysSchema, data);
          if (issues.length) throw new ResponseValidationError(call, issues, data);
          return { data: data as WebhookKeys, response };
        }),
      'webhooks.keys',
    );
  }

  /**
   * Verifies a delivery with the default verifier (keys fetched with this client's base URL, token and fetch).
   * @example
   * const event = await prs.webhooks.verify(rawBody, req.headers);
   */
  verify(rawBody: WebhookBody, headers: WebhookHeaders): Promise<WebhookEvent> {
    this.defaultVerifier ??= this.verifier();
    return this.defaultVerifier.verify(rawBody, headers);
  }

  /**
   * A verifier with its own options (a `secret`, a tolerance, cache timings) whose keys come through this
   * client. Create it once: it caches the keys.
   * @example
   * const secret = process.env.WEBHOOK_SECRET; // `string | undefined`: `secret` takes a string only
   * if (!secret) throw new Error('WEBHOOK_SECRET is not set');
   * const verifier = prs.webhooks.verifier({ secret, toleranceSeconds: 120 });
   */
  verifier(options?: ClientWebhookVerifierOptions): ClientWebhookVerifier {
    // Checked as given, before the spread below: the client supplies the key source, so `baseUrl`, `fetch`,
    // `accessToken` and `loadKeys` here would be overridden, and are refused instead.
    checkKeys('webhooks.verifier', options, CLIENT_VERIFIER_OPTION_KEYS, 'options', '');
    const full: WebhookVerifierOptions = {
      ...options,
      // The key set's own timeout aborts the signal; a refresh is one attempt (the cooldown paces retries).
      loadKeys: (signal) => this.keys({ signal, maxRetries: 0 }),
    };
    // Checked now, by the verifier's rules, named after this call: a wrong option fails here, not at the first delivery.
    resolveVerifierOptions(full, 'webhooks.verifier');
    let loaded: Promise<WebhookVerifier> | undefined;
    return {
      async verify(rawBody, headers) {
        // Refused before the verifier is loaded, as the verifier's own `verify` refuses it: a rejection.
        // biome-ignore lint/complexity/noArguments: a third argument is refused, not ignored (the SDK's one rule)
        extraArguments('verify()', arguments, 2, '');
        loaded ??= loadVerifier().then(({ WebhookVerifier }) => new WebhookVerifier(full));
        return (await loaded).verify(rawBody, headers);
      },
    };
  }

  static {
    // It answers with a verifier, not a promise: an extra argument is thrown, as its bad options are.
    // biome-ignore lint/complexity/noThisInStatic: naming the class here has the bundler rename it (16 B at load)
    (this.prototype.verifier as { [answersAtOnce]?: true })[answersAtOnce] = true;
  }
}
