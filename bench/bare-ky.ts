/**
 * The floor the SDK's transport stands on: a bare `ky.create` instance with the SDK's policy (2 retries of
 * the same statuses and methods, 60 s timeout per attempt, the same headers), nothing else. The request and
 * throughput benchmarks measure the SDK against it: SDK/ky is the SDK's own cost, ky/fetch the transport's.
 */
import ky from 'ky';

const RETRY = {
  limit: 2,
  methods: ['get', 'patch', 'put', 'delete', 'post'],
  statusCodes: [408, 429, 500, 502, 503, 504],
  afterStatusCodes: [408, 429, 500, 502, 503, 504],
  maxRetryAfter: 60_000,
  jitter: true,
  retryOnTimeout: true,
};

/** A ky instance as a user of ky alone would write it for this service; called with full URLs, as the SDK calls it. */
export function bareKy(token: string) {
  return ky.create({
    retry: RETRY,
    timeout: 60_000,
    headers: {
      accept: 'application/vnd.api+json, application/vnd.json+api, application/json;q=0.9',
      authorization: `Bearer ${token}`,
    },
  });
}

/** A create as a ky user sends it: the JSON:API media type for the body, the JSON read back. */
export const JSONAPI_BODY = { 'content-type': 'application/vnd.api+json' };
