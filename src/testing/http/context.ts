/** What a route handler gets: the request, path parameters, the service state, and body/query readers. */

import { isObject } from '../../core/is-object.js';
import { nestsDeeper } from '../../core/json-text.js';
import type { Relationships } from '../store/records.js';
import type { MockStore } from '../store/store.js';
import { isDate } from './check.js';
import { badRequest, HttpError } from './errors.js';
import { checkJsonContentType, isJsonBody } from './media.js';

/** The service-wide settings a handler may need. */
export interface ServiceEnv {
  store: MockStore;
  /** Collections longer than this answer page by page with `links.next`. */
  pageSize: number;
  /** The public keys served at `/v2/webhooks/keys`. */
  webhookKeys: () => Promise<unknown[]>;
}

/** A request document's `data`, checked for shape. */
export interface Doc {
  id?: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Relationships;
}

/**
 * The deepest nesting of arrays and objects a JSON body may have. A request document nests 3 levels
 * (`data.attributes.x`), a limit filter 2 more per `and`/`or`: 64 holds any real document, limit filters
 * ~30 levels deep included. Deeper bodies are refused, because the mock's checks, its answers and the `--state`
 * save (`JSON.stringify`) recurse per level, and a body of a few KB nested thousands deep runs them out of stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * How much of a request's path comes before the service's own (`/prs` of `/prs/api/v2/clients`, under an msw
 * `baseUrl` with a path): the path routes name starts there.
 */
export function basePathLength(pathname: string): number {
  return Math.max(0, pathname.search(/\/(api\/v\d+|v2\/webhooks)\//));
}

export class Ctx {
  readonly url: URL;
  private text?: Promise<string>;
  constructor(
    readonly request: Request,
    readonly params: Record<string, string>,
    readonly env: ServiceEnv,
    /** The media type this answer is written in (the caller's spelling). */
    readonly contentType: string,
  ) {
    this.url = new URL(request.url);
  }

  get store(): MockStore {
    return this.env.store;
  }

  /** The service's absolute base (origin and any path before `/api/…`), for `Location` and `links.next`. */
  get base(): string {
    return this.url.origin + this.url.pathname.slice(0, basePathLength(this.url.pathname));
  }

  param(name: string): string {
    return this.params[name] ?? '';
  }

  query(name: string): string | undefined {
    const value = this.url.searchParams.get(name);
    return value === null || value === '' ? undefined : value;
  }

  /** A required query parameter. */
  requireQuery(name: string): string {
    const value = this.query(name);
    if (value === undefined) throw badRequest(`query parameter ${name} is required`);
    return value;
  }

  /** A date query parameter (YYYY-MM-DD). */
  dateQuery(name: string): string {
    const value = this.requireQuery(name);
    if (!isDate(value)) throw badRequest(`query parameter ${name} must be a date (YYYY-MM-DD), got "${value}"`);
    return value;
  }

  /**
   * A 400 for a JSON body nested deeper than `MAX_JSON_DEPTH`; run before any route (routes.ts), so no route
   * reads, stores or answers such a body. Other bodies (a multipart upload) are left unread for their route.
   */
  async checkNesting(): Promise<void> {
    if (!isJsonBody(this.request.headers.get('content-type'))) return;
    if (nestsDeeper(await this.bodyText(), MAX_JSON_DEPTH))
      throw badRequest(
        `the request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the most this mock reads`,
      );
  }

  /** The body, read once (a handler may look at it before parsing it). */
  private bodyText(): Promise<string> {
    if (!this.text) this.text = this.request.text();
    return this.text;
  }

  /** The JSON body (either JSON:API spelling or plain JSON), or undefined when there is none. */
  async json(): Promise<unknown> {
    const text = await this.bodyText();
    if (text.trim() === '') return undefined;
    checkJsonContentType(this.request.headers.get('content-type'));
    try {
      return JSON.parse(text);
    } catch {
      throw badRequest('the request body is not valid JSON');
    }
  }

  /**
   * The request document's `data`: `type` must be `expected` (409, as JSON:API prescribes, when it is
   * not), `attributes` and `relationships` objects when present.
   */
  async document(expected?: string | ((type: string) => boolean)): Promise<Doc> {
    const body = await this.json();
    if (!isObject(body) || !isObject(body.data))
      throw badRequest('the request body must be a document { data: { type, attributes, relationships? } }');
    const { id, type, attributes = {}, relationships = {} } = body.data;
    if (typeof type !== 'string' || type === '') throw badRequest('data.type is required');
    if (typeof expected === 'string' && type !== expected)
      throw new HttpError(409, `data.type must be "${expected}" here, got "${type}"`);
    if (typeof expected === 'function' && !expected(type))
      throw new HttpError(409, `data.type "${type}" is not accepted here`);
    if (id !== undefined && typeof id !== 'string') throw badRequest('data.id must be a string');
    if (!isObject(attributes)) throw badRequest('data.attributes must be an object');
    if (!isObject(relationships) || !Object.values(relationships).every((r) => isObject(r) && 'data' in r)) {
      throw badRequest('data.relationships must map names to { data: { type, id } } (or a list of them)');
    }
    return { id, type, attributes, relationships: relationships as Relationships };
  }

  /** The document when a body was sent (the endpoints whose body is optional), else undefined. */
  async optionalDocument(expected: string): Promise<Doc | undefined> {
    return (await this.bodyText()).trim() ? this.document(expected) : undefined;
  }

  /** A PATCH document: its `id`, when given, must be the one in the path (409 otherwise). */
  async patchDocument(type: string): Promise<Doc> {
    const doc = await this.document(type);
    if (doc.id !== undefined && doc.id !== this.param('id'))
      throw new HttpError(409, `data.id "${doc.id}" does not match the id in the path (${this.param('id')})`);
    return doc;
  }
}
