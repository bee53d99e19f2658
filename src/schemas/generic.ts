/**
 * Resources whose shapes the reference does not show (clients, reporting entities, portfolios, performance,
 * custodian holdings): decoded as generic resources, their attributes sent as given.
 */
import * as z from 'zod/mini';
import { genericResource } from './resource.js';

/** Attributes of an undocumented resource: any JSON object (an object schema, so a mismatch reads "must be an object"). */
export const genericAttributes = z.looseObject({});

/** `performance.retrieve`: the `data` member as sent, one resource or a list (the shape is not shown). */
export const performanceData = z.union([genericResource, z.array(genericResource)]);

export type { GenericResource } from './resource.js';
export { genericResource };
