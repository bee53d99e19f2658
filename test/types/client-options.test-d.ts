/**
 * The client's `fetch` option is typed as ky calls it, with the `Request` it built: a custom fetch reads
 * `request.method` and `request.url` as README says, and the platform's `fetch` is accepted as it is. Checked by
 * `tsc --noEmit`; nothing here runs.
 */
import { expectTypeOf } from 'vitest';
import type { ClientOptions } from '../../src/index.js';

const options = (given: ClientOptions) => given;

options({
  fetch: async (request, init) => {
    expectTypeOf(request).toEqualTypeOf<Request>();
    expectTypeOf(init).toEqualTypeOf<RequestInit | undefined>();
    console.log(request.method, request.url, request.headers.get('authorization'));
    return fetch(request, init);
  },
});
options({ fetch });
options({ fetch: globalThis.fetch });
// @ts-expect-error a fetch must resolve to a Response
options({ fetch: async () => 1 });
