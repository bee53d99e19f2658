/** The service's error body `{ errors: [{ status, detail }] }`, thrown from anywhere in a handler. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const notFound = (what: string, id: string) => new HttpError(404, `${what} ${id} not found`);
/** The resource exists but its state does not permit the operation (a consent after it was given, say). */
export const conflict = (detail: string) => new HttpError(409, detail);
