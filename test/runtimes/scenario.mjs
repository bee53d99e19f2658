/**
 * The scenario every runtime runs against the mock service over real HTTP (test/runtimes/runtimes.test.ts).
 * Plain JavaScript with web APIs only (fetch, URL, Headers, WebCrypto through the SDK): the same file runs on
 * Node, Bun and Deno (through run.mjs) and, bundled with the built SDK, in edge-runtime's VM and in workerd.
 *
 * `modules` is the built SDK (dist/index.js) and its webhooks entry (dist/webhooks.js); `input` comes from the
 * Node test: the mock's base URL, a seeded instrument's id, an id that does not exist and a webhook delivery
 * signed in Node. Every step is caught on its own, so one failure still reports the others; the result is
 * plain JSON for the test to assert value by value.
 */

/** What runs this: the runtime's own name and version, read from its own globals. */
function runtime() {
  const g = globalThis;
  if (typeof g.Bun !== 'undefined') return { name: 'bun', version: g.Bun.version };
  if (typeof g.Deno !== 'undefined') return { name: 'deno', version: g.Deno.version.deno };
  if (typeof g.EdgeRuntime === 'string') return { name: 'edge-runtime', version: g.EdgeRuntime };
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return { name: 'workerd', version: null };
  if (typeof g.process?.versions?.node === 'string') return { name: 'node', version: g.process.versions.node };
  return { name: 'unknown', version: null };
}

/** A step's value, or what it threw. */
async function step(fn) {
  try {
    return await fn();
  } catch (error) {
    return { threw: error?.name ?? typeof error, message: String(error?.message ?? error) };
  }
}

export async function scenario({ sdk, webhooks }, input) {
  const { PortfolioReporting, APIError, NotFoundError, PortfolioReportingError } = sdk;
  const { WebhookVerifier, WebhookVerificationError } = webhooks;
  const { baseUrl, stockId, missingId, delivery, instrument } = input;
  const prs = new PortfolioReporting({ baseUrl, accessToken: 'runtime-token', maxRetries: 0 });
  const result = { runtime: runtime() };

  const create = async (name) => {
    const r = await prs.instruments
      .create({ type: 'stock-instrument', attributes: { ...instrument, name } })
      .withResponse();
    return { id: r.data.id, name: r.data.attributes?.name, created: r.created, status: r.response.status };
  };
  result.create = await step(() => create(instrument.name));
  // The same security identifier and currency again: the service answers 303 See Other to the existing one.
  result.duplicate = await step(() => create(`${instrument.name} again`));

  result.retrieve = await step(() => prs.instruments.retrieve(stockId));

  result.list = await step(async () => {
    const prices = [];
    for await (const price of prs.instruments.prices.list(stockId)) {
      prices.push([price.attributes.date, price.attributes.value]);
    }
    return prices;
  });

  result.notFound = await step(async () => {
    try {
      await prs.instruments.retrieve(missingId);
      return 'resolved';
    } catch (e) {
      if (!(e instanceof APIError)) throw e;
      return {
        name: e.name,
        notFound: e instanceof NotFoundError,
        base: e instanceof PortfolioReportingError,
        status: e.status,
        errors: e.errors,
        requestId: e.requestId,
        message: e.message,
      };
    }
  });

  result.webhook = await step(async () => {
    const verifier = new WebhookVerifier({ baseUrl, accessToken: 'runtime-token' });
    const verified = await verifier.verify(delivery.body, new Headers(delivery.headers));
    let tampered;
    try {
      await verifier.verify(delivery.body.replace(input.webhookNeedle, `${input.webhookNeedle}-tampered`), {
        ...delivery.headers,
      });
      tampered = 'accepted';
    } catch (e) {
      if (!(e instanceof WebhookVerificationError)) throw e;
      tampered = { reason: e.reason };
    }
    return { verified, tampered, subtle: typeof globalThis.crypto?.subtle?.verify };
  });

  // The client's own verifier, whose code it loads on this first verify (a dynamic import of its own chunk).
  result.clientWebhook = await step(async () => ({
    verified: await prs.webhooks.verify(delivery.body, new Headers(delivery.headers)),
  }));

  return result;
}
