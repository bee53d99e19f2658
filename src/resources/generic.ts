/**
 * Items and collections of resources whose shapes the reference does not show (clients, reporting entities,
 * portfolios): decoded as generic resources, query parameters passed through (`options.query`), bodies sent as
 * given (their rows' `generic` body rule: any attributes, relationships as `{ type, id }`).
 */
import type { GenericInput } from '../core/jsonapi.js';
import type { GenericResource } from '../schemas/generic.js';
import { Children, Items } from './calls.js';

export type { GenericInput, GenericRelationshipInput } from '../core/jsonapi.js';

/**
 * Generic items at `<base>/:id`: `prs.clients`, `prs.reportingEntities`, `prs.portfolios`. `options.query` is sent
 * as given (the reference shows no parameters); update sends `{ data: { id, type, attributes, relationships? } }`.
 */
export class GenericItems extends Items<GenericResource, GenericInput> {}

/**
 * A generic collection under a parent: `prs.clients.reportingEntities`, `prs.reportingEntities.portfolios`.
 * Created from `{ attributes, relationships? }`, relationships as `{ type, id }`.
 */
export class GenericChildren extends Children<GenericResource, GenericInput> {}
