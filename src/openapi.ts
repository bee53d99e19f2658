/**
 * The OpenAPI 3.1 description of the service, generated from the endpoint table (`src/endpoints.ts`) and
 * the zod schemas with zod 4's own JSON Schema conversion (`z.toJSONSchema`, draft 2020-12, the dialect of
 * OpenAPI 3.1). One operation per row, its `operationId` the row's id. `npx portfolio-reporting openapi`
 * prints it; the mock serves it at `GET /openapi.json`. Not part of the client bundle.
 *
 * What JSON Schema cannot say, and how it is written here:
 * - Kind unions (instruments, assets, transactions, limit filters, conditions and types) are checked by a
 *   custom rule that dispatches on `type`; here they are `anyOf` their members plus the fallback (an unknown
 *   kind kept whole on responses, refused on requests), in `components.schemas`.
 * - Read-only fields refused on requests (`provider`, `state`, `link`, `exitDate`, …) are custom checks that
 *   accept nothing: written as `not: {}` (the member must be absent).
 * - Rules across fields (a recallable amount within the amount, `min` ≤ `max` of limit bounds, `fromDate`
 *   not after `toDate`, `accountId` or `depositoryId`, the consent's numbers per consent type, exactly one
 *   account for a new depository) and calendar-date existence (`2024-02-30`) are refinements: JSON Schema
 *   gets the shape (`format: date`, a pattern) and the rule in words where one is known; the SDK and the
 *   mock check them.
 * - Anything else zod cannot represent becomes `{}` (`unrepresentable: 'any'`).
 */
import * as z from 'zod/mini';
import { bodySchema, errorDocument, type RequestBody } from './core/documents.js';
import { type Endpoint, endpointRows, responseBody } from './endpoints.js';
import { consentInput } from './schemas/custodians.js';
import { DATE_PATTERN, dateString, type Schema } from './schemas/fields.js';
import { assetHoldingsParams, holdingsParams } from './schemas/holdings.js';
import { kindDispatch, unknownObject } from './schemas/kinds.js';
import { depositoryCreateAttributes } from './schemas/legal-structure.js';
import { transactionCreateSchemas, transactionListQuery } from './schemas/transactions.js';

type JSONSchema = Record<string, unknown>;
type IO = 'input' | 'output';

/** The JSON:API media type every documented body is sent and answered in. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

const REF = '#/components/schemas/';

/** Rules across fields the conversion loses, in words, by the schema that carries them. */
const RULES = new Map<unknown, string>([
  [
    transactionListQuery,
    'accountId or depositoryId is required (both may be given); fromDate must not be after toDate.',
  ],
  [holdingsParams, 'fromDate must be before toDate (both dates included).'],
  [assetHoldingsParams, 'fromDate must be before toDate (both dates included).'],
  [
    consentInput,
    'consentType "all" carries no depositoryNumbers or accountNumbers; "specific" names at least one number.',
  ],
  [
    transactionCreateSchemas['private-market-fund-distribution'],
    'recallableAmount lies between 0 (not recallable) and amount (fully recallable).',
  ],
  [depositoryCreateAttributes, 'relationships.accounts links exactly one existing account.'],
]);

/** Converts zod schemas, collecting kind unions as named components. */
class Converter {
  readonly components: Record<string, JSONSchema> = {};
  private readonly names = new Map<unknown, string>();

  convert(schema: Schema, io: IO): JSONSchema {
    const json = z.toJSONSchema(schema as never, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => this.override(zodSchema, jsonSchema as JSONSchema, io),
    }) as JSONSchema;
    delete json.$schema;
    return json;
  }

  private override(zodSchema: unknown, json: JSONSchema, io: IO): void {
    const dispatch = kindDispatch(zodSchema as Schema);
    if (dispatch) {
      replace(json, { $ref: REF + this.component(zodSchema, dispatch, io) });
      return;
    }
    const type = (zodSchema as { _zod: { def: { type: string } } })._zod.def.type;
    if (type === 'custom') {
      // The one custom schema of the SDK: a field refused on requests (read-only), accepting no value.
      replace(json, { not: {}, description: 'Set by the service: must not be sent.' });
      return;
    }
    if (zodSchema === dateString) Object.assign(json, { format: 'date', pattern: DATE_PATTERN.source });
    // `z.readonly` marks arrays the SDK takes as readonly; on the wire it says nothing.
    if (json.readOnly === true && type === 'readonly') delete json.readOnly;
    const rule = RULES.get(zodSchema);
    if (rule) json.description = json.description ? `${json.description} ${rule}` : rule;
  }

  /** The component a kind union is written as, converted on first use (a recursive filter refers to itself). */
  private component(schema: unknown, dispatch: NonNullable<ReturnType<typeof kindDispatch>>, io: IO): string {
    const known = this.names.get(schema);
    if (known) return known;
    const types = [...dispatch.members.keys()];
    const open = dispatch.fallback === unknownObject || !isClosedFallback(dispatch.fallback);
    const name = unique(`${kindUnionName(types)}${open ? '' : 'Input'}`, this.components);
    this.names.set(schema, name);
    this.components[name] = {}; // reserved while its members are converted
    const members = [...dispatch.members.values()].map((member) => this.convert(member, io));
    const fallback = open ? this.convert(dispatch.fallback, io) : undefined;
    this.components[name] = {
      // A closed union's fallback only words the refusal of an unknown type: the members are the whole union.
      anyOf: fallback ? [...members, fallback] : members,
      description: open
        ? `One of the known kinds (by \`type\`: ${types.join(', ')}), or a kind this description does not know yet, kept whole.`
        : `One of: ${types.join(', ')} (by \`type\`).`,
    };
    return name;
  }
}

/** A closed union's fallback only admits the known types (`z.enum`); an open one any string. */
function isClosedFallback(fallback: Schema): boolean {
  const shape = (fallback as { _zod: { def: { shape?: Record<string, { _zod: { def: { type: string } } }> } } })._zod
    .def.shape;
  return shape?.type?._zod.def.type === 'enum';
}

function kindUnionName(types: string[]): string {
  const all = (suffix: string) => types.every((t) => t.endsWith(suffix));
  if (all('-instrument')) return 'Instrument';
  if (all('-asset')) return 'Asset';
  if (all('-transaction')) return 'Transaction';
  if (types.includes('condition') && types.includes('and')) return 'LimitFilter';
  if (types.includes('limit-group')) return 'LimitType';
  if (all('-is') || types.some((t) => t.endsWith('-is-not'))) return 'LimitCondition';
  return 'Kind';
}

function unique(name: string, taken: Record<string, unknown>): string {
  let candidate = name;
  for (let i = 2; Object.hasOwn(taken, candidate); i++) candidate = `${name}${i}`;
  return candidate;
}

function replace(target: JSONSchema, value: JSONSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, value);
}

/** `:id` → `{id}`. */
const openapiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);

function queryParameters(query: Schema, converter: Converter): JSONSchema[] {
  const object = converter.convert(query, 'input');
  const properties = (object.properties ?? {}) as Record<string, JSONSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    // Lists go comma-separated: `expand=portfolios,depositories`.
    ...(schema.type === 'array' && { style: 'form', explode: false }),
  }));
}

function requestBody(body: RequestBody, converter: Converter): JSONSchema {
  if (body.kind === 'multipart') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [body.part]: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: [body.part],
          },
        },
      },
    };
  }
  const schema = bodySchema(body) as Schema;
  // An invite and its cancellation may be sent without a body.
  const optional = body.kind === 'document' && (body.type === 'invite-cancellation' || body.type === 'invite');
  return { required: !optional, content: { [JSONAPI_MEDIA_TYPE]: { schema: converter.convert(schema, 'input') } } };
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' };

function responses(row: Endpoint, converter: Converter): JSONSchema {
  const media = row.plainJson ? 'application/json' : JSONAPI_MEDIA_TYPE;
  const out: JSONSchema = {};
  const { response } = row;
  if (response.status === 204) out['204'] = { description: STATUS_TEXT[204] };
  else {
    out[String(response.status)] = {
      description: STATUS_TEXT[response.status],
      content: { [media]: { schema: converter.convert(responseBody(row) as Schema, 'output') } },
    };
    if ('seeOther' in response && response.seeOther) {
      out['303'] = {
        description:
          'See Other: a resource with the same securityIdentifier and ccyCode exists; Location is its URL (GET it).',
        headers: { Location: { required: true, schema: { type: 'string', format: 'uri-reference' } } },
      };
    }
  }
  out['4XX'] = { $ref: '#/components/responses/Error' };
  out['5XX'] = { $ref: '#/components/responses/Error' };
  return out;
}

/** Options of `openapiDocument`. */
export interface OpenAPIOptions {
  /** The `servers` entries; default a placeholder for the service's base URL. */
  servers?: { url: string; description?: string }[];
  /** `info.version`: the version of this description. */
  version?: string;
}

/**
 * The OpenAPI 3.1 document of every endpoint of the table.
 * @example
 * writeFileSync('openapi.json', JSON.stringify(openapiDocument(), null, 2));
 */
export function openapiDocument(options: OpenAPIOptions = {}): JSONSchema {
  const converter = new Converter();
  const paths: Record<string, Record<string, JSONSchema>> = {};
  for (const row of endpointRows()) {
    const operation: JSONSchema = {
      operationId: row.id,
      summary: `${row.id} (${row.method} ${row.path})`,
      tags: [row.id.split('.')[0] as string],
      ...(row.deprecated && { deprecated: true }),
    };
    const parameters = [
      ...pathParams(row.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(row.query ? queryParameters(row.query, converter) : []),
    ];
    if (parameters.length) operation.parameters = parameters;
    if (row.body) operation.requestBody = requestBody(row.body, converter);
    const notes = [
      row.pagination === 'compound' &&
        'A compound collection, page by page: follow `links.next` until it is absent; `included` holds the assets of each page.',
      row.pagination === 'list' &&
        'A collection, page by page: follow `links.next` (an absolute URL) until it is absent.',
      row.query && RULES.get(row.query),
    ].filter(Boolean);
    if (notes.length) operation.description = notes.join(' ');
    operation.responses = responses(row, converter);
    const path = openapiPath(row.path);
    paths[path] ??= {};
    (paths[path] as Record<string, JSONSchema>)[row.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Portfolio Reporting Service',
      version: options.version ?? '1',
      description:
        'Generated by the portfolio-reporting SDK from its endpoint table and zod schemas. Responses keep members the service adds later (objects are open); requests are closed. Rules across fields are checked by the SDK and the mock but not expressed here.',
    },
    servers: options.servers ?? [
      {
        url: 'https://{host}',
        description: 'The service (placeholder: your tenant host)',
        variables: { host: { default: 'reporting.example.com' } },
      },
      { url: 'http://127.0.0.1:4010', description: 'The mock: npx portfolio-reporting mock' },
    ],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: { ...converter.components, Error: converter.convert(errorDocument, 'output') },
      responses: {
        Error: {
          description: 'An error: `{ errors: [{ status, detail }] }`.',
          content: {
            [JSONAPI_MEDIA_TYPE]: { schema: { $ref: `${REF}Error` } },
            'application/json': { schema: { $ref: `${REF}Error` } },
          },
        },
      },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token.' } },
    },
  };
}
