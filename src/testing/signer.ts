/**
 * A webhook signer as the service signs: Standard Webhooks headers, ECDSA P-256 with SHA-256 over
 * `${id}.${timestamp}.${body}`, the signature as base64 raw r‖s under the tag `v1a`; with a `whsec_` secret, also
 * the symmetric `v1` entry (HMAC-SHA256 over the same content). WebCrypto only, so it runs wherever the SDK does.
 */
import { extraArguments } from '../core/arity.js';
import { base64, base64url } from './ids.js';
import { checkSignArguments, checkSignerOptions } from './options.js';

/** The options of `createWebhookSigner()`: the first key's kid, and a `whsec_` secret to sign `v1` entries with. */
export interface WebhookSignerOptions {
  /** The kid of the first key; default a random `key_…`. */
  kid?: string;
  /**
   * A Standard Webhooks secret, `whsec_` and base64 (the prefix may be left out, as verifiers accept): each delivery
   * is then signed with HMAC-SHA256 too, a `v1` entry beside the `v1a` one, for receivers that verify with a secret
   * (`new WebhookVerifier({ secret })`, the `standardwebhooks` packages).
   */
  secret?: string;
}

/** A public key as `GET /v2/webhooks/keys` lists it. */
export interface WebhookPublicKey {
  /** The key's id, as a delivery's signer names it. */
  kid: string;
  /** Key type: always `EC`. */
  kty: 'EC';
  /** Curve: always `P-256`. */
  crv: 'P-256';
  /** Base64URL coordinates. */
  x: string;
  /** Base64URL coordinate `y`. */
  y: string;
}

/** One signed delivery: the exact body to send and its headers. */
export interface SignedDelivery {
  /** The `webhook-id`. */
  id: string;
  /** The `webhook-timestamp`, in seconds since the epoch. */
  timestamp: number;
  /** The exact body that was signed: send it byte for byte. */
  body: string;
  /** The kid of the key that signed it. */
  kid: string;
  /**
   * The Standard Webhooks headers and the content type, ready for `fetch`: `webhook-signature` is `v1a,<ECDSA>`,
   * followed by ` v1,<HMAC>` when the signer has a secret.
   */
  headers: {
    'webhook-id': string;
    'webhook-timestamp': string;
    'webhook-signature': string;
    'content-type': 'application/json';
  };
}

/** The options of `signer.sign()`: the `webhook-id`, the timestamp, and the key to sign with. */
export interface SignOptions {
  /** `webhook-id`; default a random `msg_…`. */
  id?: string;
  /** Whole seconds since the epoch (at most 15 digits, as the verifier reads them), or a Date from 1970 on; default now. */
  timestamp?: number | Date;
  /** Sign with this published key instead of the current one (a delivery from before a rotation). */
  kid?: string;
}

/** A webhook signer made by `createWebhookSigner()`: signs deliveries, publishes and rotates its keys. */
export interface WebhookSigner {
  /** The kid of the key new deliveries are signed with. @example console.log(signer.kid) */
  readonly kid: string;
  /**
   * Signs an event (an object, serialised with JSON.stringify) or a raw body string.
   * @example const { body, headers } = await signer.sign(event, { id: 'msg_1', timestamp: new Date() });
   */
  sign(event: unknown, options?: SignOptions): Promise<SignedDelivery>;
  /** The public keys to publish: the current one and those rotated out but not yet retired. @example const keys = await signer.publicKeys(); */
  publicKeys(): Promise<WebhookPublicKey[]>;
  /** Makes a new key current; the previous one stays published until `retire()`. Returns the new kid. @example const kid = signer.rotate(); */
  rotate(): string;
  /** Stops publishing a rotated-out key (default: every key but the current one). @example signer.retire(); */
  retire(kid?: string): void;
}

interface Key {
  kid: string;
  pair: Promise<CryptoKeyPair>;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const randomId = (prefix: string) => `${prefix}${base64url(crypto.getRandomValues(new Uint8Array(12)))}`;

function newKey(kid = randomId('key_')): Key {
  const pair = crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
  return { kid, pair };
}

/**
 * Creates a signer with a fresh P-256 key pair (and, given a `secret`, an HMAC key for `v1` entries). Register it
 * with the mock so the mock serves its public keys: `createMockService({ signers: [signer] })` or
 * `mock.webhooks.addSigner(signer)`.
 * @example
 * const signer = createWebhookSigner(); // or createWebhookSigner({ secret: 'whsec_…' }) for v1 entries too
 * const { body, headers } = await signer.sign({ type: 'calculated_data.created', timestamp: '2024-05-01T08:00:00', data: { clientId } });
 */
export function createWebhookSigner(options: WebhookSignerOptions = {}): WebhookSigner {
  // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
  extraArguments('createWebhookSigner()', arguments, 1, '');
  const secret = checkSignerOptions(options);
  const hmacKey = secret && crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const keys: Key[] = [newKey(options.kid)];
  const current = () => keys[keys.length - 1] as Key;
  return {
    get kid() {
      return current().kid;
    },
    async sign(event, opts = {}) {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('signer.sign()', arguments, 2, '');
      checkSignArguments(event, opts);
      const key = opts.kid === undefined ? current() : keys.find((k) => k.kid === opts.kid);
      if (!key) throw new Error(`webhook signer: no published key with kid "${opts.kid}"`);
      const body = typeof event === 'string' ? event : JSON.stringify(event);
      const id = opts.id ?? randomId('msg_');
      const timestamp =
        opts.timestamp instanceof Date
          ? Math.floor(opts.timestamp.getTime() / 1000)
          : (opts.timestamp ?? Math.floor(Date.now() / 1000));
      const content = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, (await key.pair).privateKey, content),
      );
      // Standard Webhooks: entries separated by a space, each `<version>,<base64>`.
      const mac = hmacKey && ` v1,${base64(new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey, content)))}`;
      return {
        id,
        timestamp,
        body,
        kid: key.kid,
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': `v1a,${base64(signature)}${mac || ''}`,
          'content-type': 'application/json',
        },
      };
    },
    async publicKeys() {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('signer.publicKeys()', arguments, 0, '');
      return Promise.all(
        keys.map(async ({ kid, pair }) => {
          const jwk = await crypto.subtle.exportKey('jwk', (await pair).publicKey);
          return { kid, kty: 'EC' as const, crv: 'P-256' as const, x: jwk.x as string, y: jwk.y as string };
        }),
      );
    },
    rotate() {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('signer.rotate()', arguments, 0, '');
      keys.push(newKey());
      return current().kid;
    },
    retire(kid) {
      // biome-ignore lint/complexity/noArguments: its length is how many arguments were given
      extraArguments('signer.retire()', arguments, 1, '');
      const keep = current();
      if (kid === keep.kid) throw new Error('webhook signer: the current key cannot be retired; rotate() first');
      for (let i = keys.length - 2; i >= 0; i--) if (kid === undefined || keys[i]?.kid === kid) keys.splice(i, 1);
    },
  };
}
