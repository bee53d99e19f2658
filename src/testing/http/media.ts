/** Content negotiation: both JSON:API spellings the reference lists are the same media type. */
import { HttpError } from './errors.js';

export const JSONAPI = 'application/vnd.api+json';
export const JSONAPI_ALT = 'application/vnd.json+api';
const ACCEPTABLE = [JSONAPI, JSONAPI_ALT, 'application/json', 'application/*', '*/*'];
const JSON_BODIES = [JSONAPI, JSONAPI_ALT, 'application/json'];

function types(header: string): string[] {
  return header
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The content type to answer with: the spelling the caller asked for (the alternative one only when
 * asked for it and not for the standard one). A request accepting none of them is a 406.
 */
export function negotiate(accept: string | null): string {
  if (!accept) return JSONAPI;
  const wanted = types(accept);
  if (!wanted.some((t) => ACCEPTABLE.includes(t))) {
    throw new HttpError(406, `Accept "${accept}" is not served: ask for ${JSONAPI} (or ${JSONAPI_ALT})`);
  }
  return wanted.includes(JSONAPI_ALT) && !wanted.includes(JSONAPI) ? JSONAPI_ALT : JSONAPI;
}

/** Whether a body of this Content-Type is read as JSON (one of the JSON:API spellings, or plain JSON). */
export function isJsonBody(contentType: string | null): boolean {
  const type = types(contentType ?? '')[0];
  return type !== undefined && JSON_BODIES.includes(type);
}

/** A JSON body must come as one of the JSON:API spellings (or plain JSON): 415 otherwise. */
export function checkJsonContentType(contentType: string | null): void {
  if (!isJsonBody(contentType)) {
    throw new HttpError(
      415,
      `Content-Type "${contentType ?? ''}" is not accepted: send ${JSONAPI} (or ${JSONAPI_ALT})`,
    );
  }
}
