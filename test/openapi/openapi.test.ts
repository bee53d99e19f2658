/**
 * The OpenAPI 3.1 description (src/openapi.ts, issue 16 item 3): valid against the OpenAPI 3.1 schema
 * (@seriousme/openapi-schema-validator), one operation per endpoint-table row with its request and response
 * bodies, printed by the built CLI (`node dist/cli.js openapi`), served by the mock at /openapi.json, and
 * kept out of the client bundle.
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { OPENAPI_HELP } from '../../src/cli/args.js';
import { endpointRows } from '../../src/endpoints.js';
import { openapiDocument } from '../../src/openapi.js';
import { createMockService } from '../../src/testing/index.js';

type Json = Record<string, any>;
const doc = openapiDocument() as Json;
const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
  Object.entries(methods as Json).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as Json })),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('has every row of the endpoint table exactly once, by operationId, with its method and path', () => {
    expect(operations).toHaveLength(95);
    for (const row of endpointRows()) {
      const found = operations.filter((o) => o.op.operationId === row.id);
      expect(found, row.id).toHaveLength(1);
      expect([found[0]?.method, found[0]?.path], row.id).toEqual([
        row.method,
        row.path.replace(/:([A-Za-z]+)/g, '{$1}'),
      ]);
    }
  });

  it('gives each operation its path parameters, query parameters, request body and response bodies', () => {
    for (const row of endpointRows()) {
      const { op } = operations.find((o) => o.op.operationId === row.id) as { op: Json };
      const params = (op.parameters ?? []) as Json[];
      const inPath = [...row.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      expect(
        params.filter((p) => p.in === 'path').map((p) => p.name),
        row.id,
      ).toEqual(inPath);
      if ('query' in row && row.query)
        expect(
          params.some((p) => p.in === 'query'),
          row.id,
        ).toBe(true);
      if ('body' in row && row.body) {
        const content = op.requestBody?.content as Json;
        const media = row.body.kind === 'multipart' ? 'multipart/form-data' : 'application/vnd.api+json';
        expect(content?.[media]?.schema, `${row.id} request body`).toBeTypeOf('object');
      } else expect(op.requestBody, row.id).toBeUndefined();
      const status = String(row.response.status);
      expect(Object.keys(op.responses), row.id).toContain(status);
      if (row.response.status !== 204) {
        const media = 'plainJson' in row && row.plainJson ? 'application/json' : 'application/vnd.api+json';
        expect(op.responses[status].content[media].schema, `${row.id} response body`).toBeTypeOf('object');
      }
      expect(op.responses['4XX'], row.id).toEqual({ $ref: '#/components/responses/Error' });
      expect(Object.hasOwn(op.responses, '303'), row.id).toBe(
        row.id === 'assets.create' || row.id === 'instruments.create',
      );
    }
  });

  it('resolves every $ref, and names the bearer scheme, which every path needs (the webhook keys too)', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
      expect(target, ref).toBeTypeOf('object');
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v2/webhooks/keys'].get.security).toBeUndefined();
  });

  it('writes what JSON Schema can say of the rules: dates, refused read-only fields, closed request kinds', () => {
    const price =
      doc.paths['/api/v3/instruments/{id}/prices'].post.requestBody.content['application/vnd.api+json'].schema
        .properties.data.properties.attributes;
    expect(price.properties.date).toMatchObject({ type: 'string', format: 'date' });
    expect(price.properties.provider).toMatchObject({ not: {} });
    expect(price.additionalProperties).toBe(false);
    const create = doc.paths['/api/v3/instruments'].post.requestBody.content['application/vnd.api+json'].schema;
    const types = (create.anyOf as Json[]).map((m) => m.properties.data.properties.type.const);
    expect(types).toContain('bond-instrument');
    expect(types).not.toContain('fee-instrument');
    expect(doc.components.schemas.Instrument.anyOf.length).toBe(13); // twelve kinds and the unknown one
  });
});

describe('npx portfolio-reporting openapi', () => {
  it('prints the same document (the built CLI)', () => {
    const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    const run = spawnSync(process.execPath, [cli, 'openapi'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(doc);
  });

  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, [fileURLToPath(new URL('../../dist/cli.js', import.meta.url)), ...args], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  };

  it.each([['--help'], ['-h']])('prints its usage for %s, exit 0, and no document', (flag) => {
    const { code, out, err } = cli('openapi', flag);
    expect([code, err]).toEqual([0, '']);
    // The same text as `help openapi` (test/cli/answers.test.ts).
    expect(out).toBe(OPENAPI_HELP);
    expect(out).toContain('  npx portfolio-reporting openapi > openapi.json\n');
  });

  it.each([
    [['--bogus'], 'unknown option --bogus; the only option is --help'],
    [['extra'], 'openapi takes no arguments, got "extra"'],
    [['--help=1'], 'option --help takes no value, got "1"'],
  ])('refuses %j with the usage hint, exit 2, and prints no document', (args, message) => {
    expect(cli('openapi', ...args)).toEqual({
      code: 2,
      out: '',
      err: `error: ${message}\nRun portfolio-reporting openapi --help for usage.\n`,
    });
  });
});

describe('the mock', () => {
  it('serves the document at /openapi.json without a token, its server the mock itself', async () => {
    const mock = createMockService({ accessToken: 'secret' });
    const server = await mock.listen({ port: 0 });
    try {
      const response = await fetch(`${server.url}/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const served = (await response.json()) as Json;
      expect(served.servers).toEqual([{ url: server.url, description: 'This mock' }]);
      expect({ ...served, servers: doc.servers }).toEqual(doc);
      expect((await fetch(`${server.url}/api/v2/custodians`)).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe('the client bundle', () => {
  it('does not import the OpenAPI generator', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../../src/index.ts', import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.endsWith('src/index.ts'))).toBe(true);
    expect(inputs.filter((path) => path.includes('src/openapi'))).toEqual([]);
  });
});
