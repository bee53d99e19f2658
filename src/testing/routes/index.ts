/** Every route of the mock: one per row of the endpoint table (src/endpoints.ts), named by its id. */
import type { Route } from '../http/routes.js';
import { classRoutes } from './classes.js';
import { clientRoutes } from './clients.js';
import { custodianRoutes } from './custodian-authorities.js';
import { holdingRoutes } from './holdings.js';
import { instrumentRoutes } from './instruments.js';
import { legalStructureRoutes } from './legal-structure.js';
import { limitRoutes } from './limits.js';
import { timeSeriesRoutes } from './time-series.js';
import { transactionRoutes } from './transactions.js';
import { userRoutes } from './users.js';
import { webhookKeyRoutes } from './webhook-keys.js';

export const routes: readonly Route[] = [
  ...instrumentRoutes,
  ...timeSeriesRoutes,
  ...classRoutes,
  ...holdingRoutes,
  ...legalStructureRoutes,
  ...userRoutes,
  ...custodianRoutes,
  ...transactionRoutes,
  ...limitRoutes,
  ...webhookKeyRoutes,
  ...clientRoutes,
];
