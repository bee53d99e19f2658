/** Responses in the service's shapes: documents, 201/204/303, pages with `links.next`, error bodies. */
import type { Ctx } from './context.js';
import { badRequest, type HttpError } from './errors.js';

export function json(contentType: string, body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType, ...headers } });
}

/** 200 `{ data }`. */
export const one = (ctx: Ctx, data: unknown): Response => json(ctx.contentType, { data });
/** 201 `{ data }` with the created resource. */
export const created = (ctx: Ctx, data: unknown): Response => json(ctx.contentType, { data }, 201);
/** 204, empty body. */
export const noContent = (): Response => new Response(null, { status: 204 });
/** 303 See Other to an existing resource (a duplicate create). */
export const seeOther = (location: string): Response => new Response(null, { status: 303, headers: { location } });

/** The `{ errors: [{ status, detail }] }` body. */
export function errorResponse(error: HttpError, contentType: string): Response {
  return json(contentType, { errors: [{ status: error.status, detail: error.detail }] }, error.status, error.headers);
}

/** The query parameter a page is chosen by; `links.next` carries it. */
export const PAGE_OFFSET = 'page[offset]';

/**
 * A collection, one page of `pageSize` at a time: when items remain, `links.next` is the absolute URL
 * of the next page (the same query plus `page[offset]`). `included` gives the compound members of a page.
 */
export function paged<T>(ctx: Ctx, items: T[], included?: (page: T[]) => unknown[]): Response {
  const given = ctx.url.searchParams.getAll(PAGE_OFFSET);
  if (given.length > 1) throw badRequest(`query parameter ${PAGE_OFFSET} must be given once, got ${given.length}`);
  const raw = ctx.query(PAGE_OFFSET) ?? '0';
  // Decimal digits only: Number() would also read 0x2, 0b11, 1e0, 1.0 and " 4" as offsets.
  if (!/^[0-9]+$/.test(raw))
    throw badRequest(`query parameter ${PAGE_OFFSET} must be a whole number of 0 or more, got "${raw}"`);
  const offset = Number(raw);
  const size = ctx.env.pageSize;
  const page = items.slice(offset, offset + size);
  const body: Record<string, unknown> = { data: page };
  if (included) body.included = included(page);
  if (offset + size < items.length) {
    const next = new URL(ctx.url);
    next.searchParams.set(PAGE_OFFSET, String(offset + size));
    body.links = { next: next.href };
  }
  return json(ctx.contentType, body);
}
