/**
 * The promises SDK methods return: awaitable for the decoded result, with `.withResponse()` for the raw
 * `Response` (and, for creates, `created`). Lists are also `for await`-able, page by page under the hood.
 */
import { PortfolioReportingError } from './error-base.js';
import { ValidationError } from './validation-error.js';

/** What `.withResponse()` resolves to. `E` adds call-specific members such as `created`. */
export type WithResponse<T, E = object> = {
  /** The decoded result: what awaiting the call itself resolves to. */
  data: T;
  /** The HTTP response the result was decoded from (status, headers). */
  response: Response;
} & E;

/**
 * A promise of a decoded result. The request starts when the method is called.
 * @example
 * const { data, response } = await prs.assets.retrieve(id).withResponse();
 */
export class APIPromise<T, E = object> implements PromiseLike<T> {
  /**
   * `Object.prototype.toString` names it `[object APIPromise]` (on the prototype: no own property per call).
   * @example
   * Object.prototype.toString.call(prs.assets.retrieve(id)); // '[object APIPromise]'
   */
  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
  private readonly raw: Promise<WithResponse<T, E>>;
  /** The method that made it (`holdings.list`), named by the guard against `for await` below. */
  private readonly what: string | undefined;

  constructor(raw: Promise<WithResponse<T, E>>, what?: string) {
    this.raw = raw;
    this.what = what;
  }

  /**
   * Runs `start` now, inside the promise: whatever it throws (a `ValidationError` for bad input) rejects
   * the returned promise instead of escaping the call, and nothing is sent.
   * @example
   * // checkUpload throws a ValidationError for bad input: the upload's promise rejects with it.
   * return APIPromise.defer(() => { checkUpload(what, input); return api.create(target, schema).withResponse(); });
   */
  static defer<T, E = object>(start: () => PromiseLike<WithResponse<T, E>>, what?: string): APIPromise<T, E> {
    // `Promise.resolve` hands a native promise back as it is; resolving a new promise with it would cost
    // two more turns of the microtask queue on every call.
    let started: Promise<WithResponse<T, E>>;
    try {
      started = Promise.resolve(start());
    } catch (error) {
      started = Promise.reject(error);
    }
    return new APIPromise(started, what);
  }

  /**
   * The decoded result together with the final `Response` (headers, status, `x-request-id`).
   * @example
   * const { data: asset, response } = await prs.assets.retrieve(id).withResponse();
   * console.log(asset.type, response.status, response.headers.get('x-request-id'));
   */
  withResponse(): Promise<WithResponse<T, E>> {
    return this.raw;
  }

  // biome-ignore lint/suspicious/noThenProperty: this class is a promise by design
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    // `any`, as `Promise.prototype.then` declares it: code written against Promise compiles unchanged.
    // biome-ignore lint/suspicious/noExplicitAny: the rejection type of the Promise contract
    onrejected?: ((reason: any) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    // One step, not `.then((r) => r.data).then(…)`: a promise and a turn fewer on every call.
    return this.raw.then(onfulfilled ? (r) => onfulfilled(r.data) : (r) => r.data as unknown as A, onrejected);
  }

  /**
   * Handles a rejection, as `Promise.prototype.catch` does (the request runs either way).
   * @example
   * const asset = await prs.assets
   *   .retrieve(id)
   *   .catch((e) => (e instanceof NotFoundError ? undefined : Promise.reject(e)));
   */
  // biome-ignore lint/suspicious/noExplicitAny: `any`, as `Promise.prototype.catch` declares it
  catch<B = never>(onrejected?: ((reason: any) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  /**
   * Runs `onfinally` when the call settles, as `Promise.prototype.finally` does; the result or error passes through.
   * @example
   * const clients = await prs.clients.list().finally(() => spinner.stop());
   */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  static {
    // Run time only, not in the type: TypeScript still refuses `for await` over one answer (TS2504). Plain
    // JavaScript got the engine's TypeError, and the request's failure then rejected unhandled (the process
    // exited); now the call's outcome is marked handled and the loop throws this. ListPromise has its own.
    Object.defineProperty(APIPromise.prototype, Symbol.asyncIterator, {
      value(this: APIPromise<unknown>) {
        this.raw.catch(() => {});
        throw new ValidationError(
          this.what ?? 'APIPromise',
          [{ path: '', message: 'resolves to one answer, not a list: await it (for await walks lists only)' }],
          '',
        );
      },
    });
  }
}

/** One page as fetched: its items, the `included` resources, the next page's URL and the response. */
export interface Page<T, I = never> {
  /** The page's resources (`data`), decoded. */
  items: T[];
  /** The page's `included` resources (empty when none were asked for). */
  included: I[];
  /** The next page's URL (`links.next`), or undefined on the last page. */
  next: string | undefined;
  /** The response the page came in. */
  response: Response;
  /** The URL this page was read from (query included). */
  url: string;
  /** The request's `maxPages`, if any: the most pages one walk of the list reads. */
  maxPages?: number | undefined;
}

/**
 * A list: `await` it for every item of every page (`links.next` followed), or `for await` it to walk item
 * by item while holding one page at a time. Nothing is fetched until one of the two starts.
 * @example
 * for await (const tx of prs.transactions.list({ accountId, fromDate, toDate })) console.log(tx.id);
 */
export class ListPromise<T> extends APIPromise<T[]> implements AsyncIterable<T> {
  private readonly fetchPage: (url: string | undefined) => Promise<Page<T, unknown>>;

  constructor(fetchPage: (url: string | undefined) => Promise<Page<T, unknown>>) {
    let started: Promise<WithResponse<T[]>> | undefined;
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that starts the list on first use
      then: (resolve: (v: WithResponse<T[]>) => void, reject: (e: unknown) => void) => {
        started ??= collect(fetchPage, (page, acc: T[]) => append(acc, page.items), [] as T[]).then(
          ([data, response]) => ({ data, response }),
        );
        return started.then(resolve, reject);
      },
    };
    super(lazyPromise(lazy));
    this.fetchPage = fetchPage;
  }

  /**
   * Every page in turn, for callers who want page boundaries (e.g. to checkpoint).
   * @example
   * for await (const page of prs.transactions.list({ accountId, fromDate, toDate }).pages()) {
   *   console.log(page.items.length, page.next ?? 'last page');
   * }
   */
  pages(): AsyncGenerator<Page<T, unknown>> {
    return walk(this.fetchPage);
  }

  /** Walks the list item by item (`for await`), holding one page at a time. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }
}

/** A compound list (`{ data, included }`): every page's data and included resources gathered. */
export function compoundList<T, I>(
  fetchPage: (url: string | undefined) => Promise<Page<T, I>>,
): Promise<WithResponse<{ data: T[]; included: I[] }>> {
  // The keys of the included resources gathered so far, kept across pages: a resource included again is left out.
  const seen = new Set<string>();
  return collect(
    fetchPage,
    (page, acc: { data: T[]; included: I[] }) => {
      const data = append(acc.data, page.items);
      const fresh = page.included.filter((r) => {
        const k = key(r);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      return { data, included: append(acc.included, fresh) };
    },
    { data: [] as T[], included: [] as I[] },
  ).then(([data, response]) => ({ data, response }));
}

/**
 * `items` after `acc`, in place: each page costs its own length, not the length gathered so far (a copy per page
 * made a long list quadratic). The first page's array is handed over rather than copied (50,000 items for a large
 * page): it is the decoded body's own, which nothing else holds.
 */
function append<T>(acc: T[], items: T[]): T[] {
  if (acc.length === 0) return items;
  for (let i = 0; i < items.length; i++) acc.push(items[i] as T);
  return acc;
}

function key(r: unknown): string {
  const { type, id } = r as { type?: string; id?: string };
  return `${type}\u0000${id}`;
}

/**
 * One walk over a list's pages, following `links.next`. It remembers every page URL it read, so a next link
 * back to any of them (A → B → A, a cycle of any length) ends the walk with an error naming the URL instead
 * of looping; `maxPages` ends a walk that would read more pages than that with an error too (never a
 * silently shortened list).
 */
async function* walk<T, I>(fetchPage: (url: string | undefined) => Promise<Page<T, I>>): AsyncGenerator<Page<T, I>> {
  const visited = new Set<string>();
  let next: string | undefined;
  let first: string | undefined;
  do {
    const page = await fetchPage(next);
    first ??= page.url;
    visited.add(page.url);
    next = page.next;
    yield page;
    if (next && visited.has(next)) {
      throw new PortfolioReportingError(
        `GET ${first}: links.next of page ${visited.size} (${page.url}) points back to ${next}, read before; stopping a pagination cycle.`,
      );
    }
    if (next && page.maxPages !== undefined && visited.size >= page.maxPages) {
      throw new PortfolioReportingError(
        `GET ${first}: the list has more than maxPages (${page.maxPages}) pages; stopped before ${next} (raise maxPages, or walk it with .pages()).`,
      );
    }
  } while (next);
}

async function collect<T, I, A>(
  fetchPage: (url: string | undefined) => Promise<Page<T, I>>,
  add: (page: Page<T, I>, acc: A) => A,
  initial: A,
): Promise<[A, Response]> {
  let acc = initial;
  let response: Response | undefined;
  for await (const page of walk(fetchPage)) {
    acc = add(page, acc);
    response = page.response;
  }
  return [acc, response as Response];
}

/** A promise whose work starts on the first `then`. */
function lazyPromise<V>(thenable: {
  then(resolve: (v: V) => void, reject: (e: unknown) => void): unknown;
}): Promise<V> {
  let inner: Promise<V> | undefined;
  const start = () => (inner ??= new Promise<V>((resolve, reject) => void thenable.then(resolve, reject)));
  return {
    // biome-ignore lint/suspicious/noThenProperty: a lazy promise
    then: (a, b) => start().then(a, b),
    catch: (b) => start().catch(b),
    finally: (f) => start().finally(f),
    [Symbol.toStringTag]: 'Promise',
  } as Promise<V>;
}
