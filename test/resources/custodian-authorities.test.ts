import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  BadRequestError,
  type ConsentInput,
  consentFiles,
  ValidationError,
  WaitForStatusError,
} from '../../src/index.js';
import { jsonBody, pathAndQuery, TOKEN, useClientServer } from '../helpers/client-server.js';
import { json, type Recorded } from '../helpers/http-server.js';
import { thrownValidationError } from '../helpers/issues.js';
import { expectRefused } from '../helpers/refused.js';

const ctx = useClientServer();
const refused = (call: () => unknown, ...issues: [string, string | RegExp][]) =>
  expectRefused(ctx.server, call, ...issues);

const authority = (status: string, extra: object = {}) => ({
  id: 'ca1',
  type: 'custodian-authority',
  attributes: { status, pendingFiles: [], linkedDepositories: [], linkedAccounts: [], ...extra },
  relationships: {
    custodian: { data: { type: 'custodian', id: 'ubs' } },
    custodianAuthFlow: { data: { type: 'custodian-auth-flow', id: 'ubs-ch-v2' } },
    legalEntity: { data: { type: 'legal-entity', id: 'le1' } },
  },
});
const noContent = (_req: Recorded, res: import('node:http').ServerResponse) => {
  res.statusCode = 204;
  res.end();
};
const badRequest = (detail: string) => (_req: Recorded, res: import('node:http').ServerResponse) =>
  json(res, 400, { errors: [{ status: 400, detail }] });

describe('custodians.list', () => {
  it('lists custodians from GET /api/v2/custodians', async () => {
    const data = [{ id: 'c1', type: 'custodian', attributes: { identifier: 'ubs', name: 'UBS', country: 'CH' } }];
    ctx.server.handle((_req, res) => json(res, 200, { data }));
    expect(await ctx.prs.custodians.list()).toEqual(data);
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual([['GET', '/api/v2/custodians']]);
  });
});

describe('legalEntities.custodianAuthorities', () => {
  it('creates with custodianAuthFlowId in the query and no body', async () => {
    const created = authority('waiting-for-files', { pendingFiles: ['power-of-attorney', 'consent'] });
    ctx.server.handle((_req, res) => json(res, 201, { data: created }));
    const result = await ctx.prs.legalEntities.custodianAuthorities.create('le1', { custodianAuthFlowId: 'ubs-ch-v2' });
    const req = ctx.server.requests[0];
    expect(req?.method).toBe('POST');
    expect(pathAndQuery(req)).toEqual({
      path: '/api/v2/legal-entities/le1/custodian-authorities',
      query: { custodianAuthFlowId: 'ubs-ch-v2' },
    });
    expect(req?.body).toBe('');
    expect(req?.headers['content-type']).toBeUndefined();
    expect(result).toEqual(created);
    expect(result.attributes.pendingFiles).toEqual(['power-of-attorney', 'consent']);
  });

  it('refuses a missing flow id; an outdated flow arrives as BadRequestError with the detail', async () => {
    await refused(
      () => ctx.prs.legalEntities.custodianAuthorities.create('le1', {} as never),
      ['custodianAuthFlowId', 'is required'],
    );
    ctx.server.handle(badRequest('The custodian auth flow ubs-ch-v1 is outdated; use ubs-ch-v2'));
    const error = await ctx.prs.legalEntities.custodianAuthorities
      .create('le1', { custodianAuthFlowId: 'ubs-ch-v1' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual([
      { status: 400, detail: 'The custodian auth flow ubs-ch-v1 is outdated; use ubs-ch-v2' },
    ]);
    expect((error as BadRequestError).message).toContain('is outdated; use ubs-ch-v2');
  });

  it('lists a legal entity’s authorities', async () => {
    ctx.server.handle((_req, res) => json(res, 200, { data: [authority('active')] }));
    const list = await ctx.prs.legalEntities.custodianAuthorities.list('le1');
    expect(list.map((a) => a.attributes.status)).toEqual(['active']);
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/v2/legal-entities/le1/custodian-authorities'],
    ]);
  });
});

describe('custodianAuthorities.retrieve', () => {
  it('decodes linked numbers, null ids while in progress', async () => {
    const data = authority('active', {
      linkedDepositories: [{ depositoryNumber: 'D-1', depositoryId: null, status: 'in-progress' }],
      linkedAccounts: [{ accountNumber: 'A-1', accountId: 'acc1', status: 'active' }],
    });
    ctx.server.handle((_req, res) => json(res, 200, { data }));
    expect(await ctx.prs.custodianAuthorities.retrieve('ca1')).toEqual(data);
    expect(ctx.server.requests[0]?.url).toBe('/api/v2/custodian-authorities/ca1');
  });
});

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0xfe, 0x80, 0x0a]);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The service's side of an upload: parses the multipart body and answers with a file resource. */
async function receivedParts(req: Recorded): Promise<{ parts: [string, File][]; name: string | null }> {
  const url = new URL(req.url, 'http://service');
  const headers = new Headers(req.headers as Record<string, string>);
  const form = await new Request(url, { method: 'POST', headers, body: new Uint8Array(req.bytes) }).formData();
  return { parts: [...form.entries()] as [string, File][], name: url.searchParams.get('name') };
}
function answerUpload() {
  ctx.server.handle(async (req, res) => {
    const { parts, name } = await receivedParts(req);
    const file = parts[0]?.[1] as File;
    const hash = `sha2-256:${sha256(new Uint8Array(await file.arrayBuffer()))}`;
    json(res, 201, {
      data: {
        id: `f-${name}`,
        type: 'custodian-authority-file',
        attributes: { hash, name, uploadedAt: '2024-06-01T10:00:00Z', filename: file.name },
      },
    });
  });
}

describe('custodianAuthorities.files.upload', () => {
  it.each([
    ['a Uint8Array', () => ({ file: PDF, filename: 'poa.pdf' })],
    ['a Blob', () => ({ file: new Blob([PDF], { type: 'application/pdf' }), filename: 'poa.pdf' })],
    ['a File (its own name)', () => ({ file: new File([PDF], 'poa.pdf', { type: 'application/pdf' }) })],
    ['a Node Readable stream', () => ({ file: Readable.from([PDF.slice(0, 4), PDF.slice(4)]), filename: 'poa.pdf' })],
  ])('sends %s as multipart/form-data with one part named file', async (_what, source) => {
    answerUpload();
    const uploaded = await ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'power-of-attorney', ...source() });
    const req = ctx.server.requests[0] as Recorded;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(pathAndQuery(req)).toEqual({
      path: '/api/v2/custodian-authorities/ca1/files',
      query: { name: 'power-of-attorney' },
    });
    const { parts } = await receivedParts(req);
    expect(parts.map(([part]) => part)).toEqual(['file']);
    const file = parts[0]?.[1] as File;
    expect(file.name).toBe('poa.pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    expect(uploaded).toEqual({
      id: 'f-power-of-attorney',
      type: 'custodian-authority-file',
      attributes: {
        hash: `sha2-256:${sha256(PDF)}`,
        name: 'power-of-attorney',
        uploadedAt: '2024-06-01T10:00:00Z',
        filename: 'poa.pdf',
      },
    });
  });

  it('lets filename override a File’s own name', async () => {
    answerUpload();
    await ctx.prs.custodianAuthorities.files.upload('ca1', {
      name: 'consent',
      file: new File([PDF], 'scan-0001.pdf'),
      filename: 'consent.pdf',
    });
    const { parts } = await receivedParts(ctx.server.requests[0] as Recorded);
    expect(parts[0]?.[1].name).toBe('consent.pdf');
  });

  it('refuses a missing name, a missing filename for bytes, and a source it cannot read', async () => {
    await refused(
      () => ctx.prs.custodianAuthorities.files.upload('ca1', { name: '', file: PDF }),
      ['name', /^is required: the file's role/],
      ['filename', 'is required unless file is a File: the service records the original file name'],
    );
    await refused(
      () =>
        ctx.prs.custodianAuthorities.files.upload('ca1', {
          name: 'consent',
          file: 'c:/scan.pdf' as never,
          filename: 'scan.pdf',
        }),
      ['file', 'must be a Blob, a File, a Uint8Array or a stream of bytes (e.g. fs.createReadStream)'],
    );
  });

  it.each([
    ['an object', { not: 'bytes' }, 'an object'],
    ['a number', 42, 'a number'],
    ['text (a stream given setEncoding)', 'x\uD800y', 'a string'],
    ['an ArrayBuffer', new ArrayBuffer(2), 'an ArrayBuffer'],
  ])('fails an upload whose stream yields %s, sending nothing and ending the stream', async (_what, bad, got) => {
    let ended = false;
    async function* chunks() {
      try {
        yield new Uint8Array([65, 66]);
        await new Promise((resolve) => setTimeout(resolve, 5)); // the bad chunk comes late
        yield bad as never;
        yield new Uint8Array([67]);
      } finally {
        ended = true;
      }
    }
    const error = await refused(
      () => ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'consent', file: chunks(), filename: 'c.pdf' }),
      ['file', `must be a stream of bytes (Uint8Array or Buffer chunks; no setEncoding), got ${got} at chunk index 1`],
    );
    expect(error.message).toBe(
      `custodianAuthorities.files.upload: file: must be a stream of bytes (Uint8Array or Buffer chunks; no setEncoding), got ${got} at chunk index 1 (nothing was sent)`,
    );
    expect(ended, 'the stream was returned').toBe(true);
  });

  it('fails an upload from a Node stream given setEncoding, destroying it; a web ReadableStream of bytes is sent', async () => {
    const text = Readable.from([Buffer.from('%PDF')]).setEncoding('utf8');
    await refused(
      () => ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'consent', file: text, filename: 'c.pdf' }),
      ['file', /got a string at chunk index 0/],
    );
    expect(text.destroyed).toBe(true);
    answerUpload();
    await ctx.prs.custodianAuthorities.files.upload('ca1', {
      name: 'consent',
      file: new Blob([PDF]).stream(),
      filename: 'c.pdf',
    });
    const { parts } = await receivedParts(ctx.server.requests[0] as Recorded);
    const file = parts[0]?.[1] as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it.each([
    ['a symbol key', Symbol('x'), 'Symbol(x)'],
    ['a misspelled key', 'fileName', 'fileName'],
  ])('refuses %s of the input, as every input does', async (_what, key, path) => {
    const input = { name: 'consent', file: PDF, filename: 'c.pdf', [key]: 'c.pdf' };
    await refused(
      () => ctx.prs.custodianAuthorities.files.upload('ca1', input),
      [path, 'is not a known field here (accepted: name, file, filename)'],
    );
  });

  const FILENAME_RULE =
    'must not hold a double quote, a line break or a lone surrogate (half of a UTF-16 pair): FormData would send it changed (%22, %0D%0A, U+FFFD)';

  it.each([
    ['a double quote (sent as %22)', 'a"b.pdf'],
    ['CR and LF (sent as %0D%0A)', 'a\r\nb.pdf'],
    ['a lone LF', 'a\nb.pdf'],
    ['a lone CR', 'a\rb.pdf'],
    ['a lone surrogate (sent as U+FFFD)', 'x\uD800.pdf'],
  ])('refuses a filename with %s, sending nothing', async (_what, filename) => {
    const error = await refused(
      () => ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'consent', file: PDF, filename }),
      ['filename', FILENAME_RULE],
    );
    expect(error.message).toBe(`custodianAuthorities.files.upload: filename: ${FILENAME_RULE} (nothing was sent)`);
  });

  it('refuses a File whose own name FormData would change, unless filename replaces it', async () => {
    const file = new File([PDF], 'q"x.pdf');
    const error = await refused(
      () => ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'consent', file }),
      ['file.name', `${FILENAME_RULE}: give filename`],
    );
    expect(error).toBeInstanceOf(ValidationError);
    answerUpload();
    await ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'consent', file, filename: 'q-x.pdf' });
    const { parts } = await receivedParts(ctx.server.requests[0] as Recorded);
    expect(parts[0]?.[1].name).toBe('q-x.pdf');
  });

  it('sends a name with other punctuation and non-ASCII letters as given', async () => {
    answerUpload();
    const filename = "Vollmacht – Müller & Söhne (2024)'s 😀.pdf";
    await ctx.prs.custodianAuthorities.files.upload('ca1', { name: 'consent', file: PDF, filename });
    const { parts } = await receivedParts(ctx.server.requests[0] as Recorded);
    expect(parts[0]?.[1].name).toBe(filename);
  });

  it.each([
    [
      'an unknown key',
      { bogus: 1 },
      'options.bogus',
      'is not a known field here (accepted: signal, timeout, totalTimeout, maxRetries, headers, query)',
    ],
    [
      'a query naming the method’s own parameter',
      { query: { name: 'x' } },
      'options.query.name',
      "is set by the method's own parameters; give it there",
    ],
    [
      'a timeout past a timer’s reach',
      { timeout: 2 ** 31 },
      'options.timeout',
      'must be at most 2147483647 ms (about 24 days), got 2147483648',
    ],
  ])(
    'refuses options with %s before reading the stream (a refused call consumed it)',
    async (_what, options, path, message) => {
      let read = false;
      async function* chunks() {
        read = true;
        yield new Uint8Array([1]);
      }
      await refused(
        () =>
          ctx.prs.custodianAuthorities.files.upload(
            'ca1',
            { name: 'consent', file: chunks(), filename: 'c.pdf' },
            options as never,
          ),
        [path, message],
      );
      expect(read, 'the stream was not read').toBe(false);
    },
  );

  it('lists the files of an authority', async () => {
    ctx.server.handle((_req, res) => json(res, 200, { data: [] }));
    expect(await ctx.prs.custodianAuthorities.files.list('ca1')).toEqual([]);
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/v2/custodian-authorities/ca1/files'],
    ]);
  });
});

describe('custodianAuthorities.consent', () => {
  const base = { legalEntityIdentifier: 'CHE-123.456.789', custodianIdentifier: 'ubs' };

  it('sends the consent document built from the uploaded files’ hashes', async () => {
    const poa = new Uint8Array([1, 2, 3]);
    const consentPdf = new Uint8Array([4, 5, 6]);
    answerUpload();
    await ctx.prs.custodianAuthorities.files.upload('ca1', {
      name: 'power-of-attorney',
      file: poa,
      filename: 'poa.pdf',
    });
    await ctx.prs.custodianAuthorities.files.upload('ca1', {
      name: 'consent',
      file: consentPdf,
      filename: 'consent.pdf',
    });
    const uploaded = [
      {
        id: 'f1',
        type: 'custodian-authority-file',
        attributes: {
          hash: `sha2-256:${sha256(poa)}`,
          name: 'power-of-attorney',
          uploadedAt: 'x',
          filename: 'poa.pdf',
        },
      },
    ];
    uploaded.push({
      ...uploaded[0]!,
      id: 'f2',
      attributes: { hash: `sha3-256:${'ab'.repeat(32)}`, name: 'consent', uploadedAt: 'x', filename: 'consent.pdf' },
    });
    ctx.server.handle((_req, res) => json(res, 200, { data: uploaded }));
    const files = consentFiles(await ctx.prs.custodianAuthorities.files.list('ca1'));
    ctx.server.handle(noContent);
    ctx.server.requests.length = 0;

    await expect(
      ctx.prs.custodianAuthorities.consent('ca1', { ...base, consentType: 'all', files }),
    ).resolves.toBeUndefined();
    const req = ctx.server.requests[0];
    expect([req?.method, req?.url, req?.headers['content-type']]).toEqual([
      'POST',
      '/api/v2/custodian-authorities/ca1/consent',
      'application/vnd.api+json',
    ]);
    expect(jsonBody(req)).toEqual({
      data: {
        ...base,
        consentType: 'all',
        files: [
          { name: 'power-of-attorney', hashAlgorithm: 'sha2-256', hashValue: sha256(poa) },
          { name: 'consent', hashAlgorithm: 'sha3-256', hashValue: 'ab'.repeat(32) },
        ],
      },
    });
  });

  const files = [{ name: 'consent', hashAlgorithm: 'sha2-256' as const, hashValue: 'a'.repeat(64) }];

  it('sends a specific consent with its numbers', async () => {
    ctx.server.handle(noContent);
    const input: ConsentInput = {
      ...base,
      consentType: 'specific',
      files,
      depositoryNumbers: ['D-1'],
      accountNumbers: ['A-1', 'A-2'],
    };
    await ctx.prs.custodianAuthorities.consent('ca1', input);
    expect(jsonBody(ctx.server.requests[0])).toEqual({ data: input });
  });

  it('sends a consent whose members are a class’s getters as zod read them (it sent { data: {} })', async () => {
    ctx.server.handle(noContent);
    class Consent {
      get legalEntityIdentifier() {
        return base.legalEntityIdentifier;
      }
      get custodianIdentifier() {
        return base.custodianIdentifier;
      }
      get consentType() {
        return 'all' as const;
      }
      get files() {
        return files;
      }
    }
    await ctx.prs.custodianAuthorities.consent('ca1', new Consent());
    expect(jsonBody(ctx.server.requests[0])).toEqual({ data: { ...base, consentType: 'all', files } });
  });

  it('refuses numbers with "all", a "specific" without numbers, and a malformed digest', async () => {
    await refused(
      () =>
        ctx.prs.custodianAuthorities.consent('ca1', {
          ...base,
          consentType: 'all',
          files,
          depositoryNumbers: ['D-1'],
          accountNumbers: [],
        }),
      [
        'depositoryNumbers',
        'must be omitted for consentType "all": it covers every depository and account at the custodian',
      ],
      [
        'accountNumbers',
        'must be omitted for consentType "all": it covers every depository and account at the custodian',
      ],
    );
    await refused(
      () =>
        ctx.prs.custodianAuthorities.consent('ca1', { ...base, consentType: 'specific', files, accountNumbers: [] }),
      ['depositoryNumbers', 'consentType "specific" needs depositoryNumbers or accountNumbers (at least one number)'],
    );
    await refused(
      () =>
        ctx.prs.custodianAuthorities.consent('ca1', {
          ...base,
          consentType: 'all',
          files: [{ name: 'consent', hashAlgorithm: 'md5', hashValue: 'abc' }],
        } as never),
      ['files.0.hashAlgorithm', 'must be one of "sha2-256", "sha3-256", got "md5"'],
      ['files.0.hashValue', 'must be the 64 hex digits of a 256-bit digest, got "abc"'],
    );
  });

  it('refuses a named member of depositoryNumbers or files (it was left out of the body), naming it', async () => {
    const named = 'must be a JSON value, got a named member of an array, which JSON would leave out';
    await refused(
      () =>
        ctx.prs.custodianAuthorities.consent('ca1', {
          ...base,
          consentType: 'specific',
          files,
          depositoryNumbers: Object.assign(['D-1'], { more: 'D-2' }),
        }),
      ['depositoryNumbers.more', named],
    );
    await refused(
      () =>
        ctx.prs.custodianAuthorities.consent('ca1', {
          ...base,
          consentType: 'all',
          files: Object.assign([...files], { poa: files[0] }),
        }),
      ['files.poa', named],
    );
  });

  it('refuses a symbol key of the consent (it was left out of the body), as every input does', async () => {
    await refused(
      () => ctx.prs.custodianAuthorities.consent('ca1', { ...base, consentType: 'all', files, [Symbol('x')]: 1 }),
      [
        'Symbol(x)',
        'is not a known field here (accepted: legalEntityIdentifier, custodianIdentifier, consentType, files, depositoryNumbers, accountNumbers)',
      ],
    );
  });

  it('refuses a symbol key inside a file of the consent (it was left out of the body)', async () => {
    const [first, ...rest] = files;
    await refused(
      () =>
        ctx.prs.custodianAuthorities.consent('ca1', {
          ...base,
          consentType: 'all',
          files: [{ ...first, [Symbol('x')]: 1 } as never, ...rest],
        }),
      ['files.0.Symbol(x)', 'is keyed by a symbol, which JSON would leave out'],
    );
  });

  it('consentFiles refuses hashes of other algorithms or without one', () => {
    const file = (hash: string) => ({ attributes: { name: 'consent', hash } });
    expect(() => consentFiles([file(`md5:${'a'.repeat(32)}`), file('a'.repeat(64))])).toThrow(ValidationError);
    try {
      consentFiles([file(`md5:${'a'.repeat(32)}`), file('a'.repeat(64))]);
    } catch (e) {
      expect((e as ValidationError).issues.map((i) => i.path)).toEqual(['0.attributes.hash', '1.attributes.hash']);
      expect((e as ValidationError).issues[0]?.message).toBe(
        `must be "<algorithm>:<hex digest>" with algorithm sha2-256 or sha3-256, got "md5:${'a'.repeat(32)}"`,
      );
    }
  });

  it.each([
    ['null', null, 'files: must be an array of uploaded files (`custodianAuthorities.files.list`), got null'],
    ['no argument', undefined, 'files: is required'],
    [
      'the list result object',
      { data: [] },
      'files: must be an array of uploaded files (`custodianAuthorities.files.list`), got an object',
    ],
    ['a file without attributes', [{}], '0.attributes: is required'],
    ['a file that is null', [null], '0: must be an object, got null'],
    ['a hole', [undefined, { attributes: { name: 'consent', hash: `sha2-256:${'a'.repeat(64)}` } }], '0: is required'],
    [
      'a name and a hash that are not strings',
      [{ attributes: { name: 5, hash: 7 } }],
      '0.attributes.name: must be a string, got number 5; 0.attributes.hash: must be "<algorithm>:<hex digest>" with ' +
        'algorithm sha2-256 or sha3-256, got number 7',
    ],
  ])(
    'consentFiles refuses %s with a ValidationError naming it (it was a TypeError or sent as text)',
    (_what, files, issues) => {
      expect(thrownValidationError(() => consentFiles(files as never)).message).toBe(`consentFiles: ${issues}`);
    },
  );

  it.each([
    [
      'an overlapping specific consent',
      'Account number A-1 is already covered by authority ca0 of this legal entity and custodian',
    ],
    ['a second "all" consent', 'An authority with consent type all already exists for this legal entity and custodian'],
  ])('passes the service’s 400 for %s on as BadRequestError with its detail', async (_what, detail) => {
    ctx.server.handle(badRequest(detail));
    const error = await ctx.prs.custodianAuthorities.consent('ca1', { ...base, consentType: 'all', files }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).errors[0]?.detail).toBe(detail);
    expect((error as Error).message).toBe(
      `POST ${ctx.server.url}/api/v2/custodian-authorities/ca1/consent failed with 400: ${detail}`,
    );
  });
});

describe('custodianAuthorities.link', () => {
  it('sends type and resourceNumber as query parameters with no body', async () => {
    ctx.server.handle(noContent);
    await expect(
      ctx.prs.custodianAuthorities.link('ca1', { type: 'account', resourceNumber: '0123-456789-01' }),
    ).resolves.toBeUndefined();
    const req = ctx.server.requests[0];
    expect(req?.method).toBe('POST');
    expect(pathAndQuery(req)).toEqual({
      path: '/api/v2/custodian-authorities/ca1/link',
      query: { type: 'account', resourceNumber: '0123-456789-01' },
    });
    expect(req?.body).toBe('');
  });

  it('refuses a type other than depository or account', async () => {
    await refused(
      () => ctx.prs.custodianAuthorities.link('ca1', { type: 'portfolio', resourceNumber: '1' } as never),
      ['type', 'must be one of "depository", "account", got "portfolio"'],
    );
  });

  it('passes the 400 for a specific authority on as BadRequestError', async () => {
    ctx.server.handle(badRequest('Linking is only allowed for authorities with consent type all'));
    await expect(
      ctx.prs.custodianAuthorities.link('ca1', { type: 'depository', resourceNumber: 'D-9' }),
    ).rejects.toMatchObject({
      name: 'BadRequestError',
      errors: [{ status: 400, detail: 'Linking is only allowed for authorities with consent type all' }],
    });
  });
});

describe('custodianAuthorities.revoke', () => {
  it('decodes { data: { custodianAuthorityId, status } }', async () => {
    ctx.server.handle((_req, res) =>
      json(res, 200, { data: { custodianAuthorityId: 'ca1', status: 'revoke-in-progress' } }),
    );
    expect(await ctx.prs.custodianAuthorities.revoke('ca1')).toEqual({
      custodianAuthorityId: 'ca1',
      status: 'revoke-in-progress',
    });
    expect(ctx.server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/v2/custodian-authorities/ca1/revoke', ''],
    ]);
  });
});

describe('custodianAuthorities.waitForStatus', () => {
  /** A pause no other timer of a call uses (the per-attempt timeout is 60 s); with a 2-hour timeout, it is the pause. */
  const HOUR = 3_600_000;
  /** Answers each retrieve with the next status of `sequence` (the last one repeats). */
  const statuses = (...sequence: string[]) =>
    ctx.server.handle((_req, res, i) =>
      json(res, 200, { data: authority(sequence[Math.min(i, sequence.length - 1)] as string) }),
    );

  it('polls until the status is reached and resolves to the authority', async () => {
    statuses('awaiting-operator', 'awaiting-custodian', 'awaiting-operator', 'active');
    // No timeout of its own (the default 5 minutes): four polls must not race a deadline on a loaded machine.
    const result = await ctx.prs.custodianAuthorities.waitForStatus('ca1', 'active', { interval: 5 });
    expect(result.attributes.status).toBe('active');
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual(
      Array(4).fill(['GET', '/api/v2/custodian-authorities/ca1']),
    );
  });

  it('accepts several statuses', async () => {
    statuses('waiting-for-files', 'waiting-for-consent');
    const result = await ctx.prs.custodianAuthorities.waitForStatus(
      'ca1',
      ['waiting-for-consent', 'awaiting-operator'],
      { interval: 1 },
    );
    expect(result.attributes.status).toBe('waiting-for-consent');
  });

  it('fails on timeout with the last status seen', async () => {
    // The deadline is read from Date.now(). A fake clock moved only by the polls (40 ms each: a retrieval and
    // its pause) makes the outcome a matter of poll count, not of how fast a loaded machine answers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      ctx.server.handle((_req, res) => {
        vi.setSystemTime(Date.now() + 40);
        json(res, 200, { data: authority('awaiting-custodian') });
      });
      const started = Date.now();
      const error = await ctx.prs.custodianAuthorities
        .waitForStatus('ca1', 'active', { interval: 20, timeout: 100 })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(WaitForStatusError);
      expect(error).toMatchObject({ reason: 'timeout', lastStatus: 'awaiting-custodian' });
      expect((error as Error).message).toBe(
        'custodianAuthorities.waitForStatus(ca1): still "awaiting-custodian" after 100 ms of waiting for "active"',
      );
      // The polls ending at 40 and 80 ms had time left; the one ending at 120 ms found the deadline passed.
      expect(ctx.server.requests).toHaveLength(3);
      expect(Date.now() - started).toBe(120);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails at once on a final state that is not awaited', async () => {
    statuses('cancelled');
    await expect(
      ctx.prs.custodianAuthorities.waitForStatus('ca1', 'active', { interval: 1_000, timeout: 60_000 }),
    ).rejects.toMatchObject({
      name: 'WaitForStatusError',
      reason: 'final-state',
      lastStatus: 'cancelled',
      message:
        'custodianAuthorities.waitForStatus(ca1): the authority reached "cancelled", a final state, while waiting for "active"',
    });
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('resolves on a final state that is awaited (revoked after a revoke)', async () => {
    statuses('revoke-in-progress', 'revoked');
    expect(
      (await ctx.prs.custodianAuthorities.waitForStatus('ca1', 'revoked', { interval: 1 })).attributes.status,
    ).toBe('revoked');
  });

  it('stops at once when the signal aborts while waiting', async () => {
    statuses('awaiting-operator');
    const controller = new AbortController();
    // Abort once the pause between polls is armed (its one-hour timer set), not after a fixed sleep a loaded
    // machine can outrun: the abort then always lands in the pause, after exactly one retrieval.
    const setTimer = globalThis.setTimeout;
    let pausing!: () => void;
    const paused = new Promise<void>((resolve) => {
      pausing = resolve;
    });
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      if (args[1] === HOUR) pausing();
      return setTimer(...args);
    }) as typeof setTimeout);
    let error: unknown;
    try {
      const waiting = ctx.prs.custodianAuthorities.waitForStatus('ca1', 'active', {
        interval: HOUR,
        timeout: 2 * HOUR,
        signal: controller.signal,
      });
      await paused;
      controller.abort();
      error = await waiting.then(
        () => undefined,
        (e: unknown) => e,
      );
    } finally {
      timers.mockRestore();
    }
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).message).toBe(
      `GET ${ctx.server.url}/api/v2/custodian-authorities/ca1: aborted by the caller's signal`,
    );
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('refuses an unknown status before polling', async () => {
    await refused(
      () => ctx.prs.custodianAuthorities.waitForStatus('ca1', ['active', 'actve'] as never),
      ['status.1', /^must be one of waiting-for-files, .*, cancelled, got "actve"$/],
    );
  });

  it('refuses a timeout or interval longer than a timer can wait (Node fires one after 1 ms), before polling', async () => {
    const error = await refused(
      () => ctx.prs.custodianAuthorities.waitForStatus('ca1', 'active', { timeout: 1e300, interval: 2 ** 31 }),
      ['options.timeout', 'must be at most 2147483647 ms (about 24 days), got 1e+300'],
      ['options.interval', 'must be at most 2147483647 ms (about 24 days), got 2147483648'],
    );
    expect(error.message).toBe(
      'custodianAuthorities.waitForStatus: options.timeout: must be at most 2147483647 ms (about 24 days), got 1e+300; ' +
        'options.interval: must be at most 2147483647 ms (about 24 days), got 2147483648 (nothing was sent)',
    );
  });

  it.each([
    ['a string, quoted as one', '5', '"5"'],
    ['a symbol (its message threw a TypeError)', Symbol('t'), 'symbol Symbol(t)'],
    ['an object without a prototype (its message threw a TypeError)', Object.create(null), 'an object'],
    ['null', null, 'null'],
    ['a negative number', -1, 'number -1'],
  ])('refuses an interval that is %s, naming it as the client does', async (_what, interval, got) => {
    const error = await refused(
      () => ctx.prs.custodianAuthorities.waitForStatus('ca1', 'active', { interval } as never),
      ['options.interval', `must be a finite number of milliseconds, 0 or more, got ${got}`],
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(
      `custodianAuthorities.waitForStatus: options.interval: must be a finite number of milliseconds, 0 or more, got ${got} (nothing was sent)`,
    );
  });

  it('names itself, not the retrieve it polls with, when the id cannot be a path segment', async () => {
    const error = await refused(
      () => ctx.prs.custodianAuthorities.waitForStatus('..', 'active'),
      ['id', 'must be a non-empty string id other than "." and "..", got ".."'],
    );
    expect(error.message).toBe(
      'custodianAuthorities.waitForStatus: id: must be a non-empty string id other than "." and "..", got ".." (nothing was sent)',
    );
  });
});
