import { describe, expect, it } from 'vitest';
import { type LimitCreateInput, type LimitFilter, limitFilter, limitType } from '../../src/index.js';
import { jsonBody, pathAndQuery, useClientServer } from '../helpers/client-server.js';
import { json } from '../helpers/http-server.js';
import { thrownValidationError } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';
import { expectRefused } from '../helpers/refused.js';

const ctx = useClientServer();
const refused = (call: () => unknown, ...issues: [string, string | RegExp][]) =>
  expectRefused(ctx.server, call, ...issues);

describe('limitFilter builder', () => {
  it('writes the documented JSON for and / or / condition', () => {
    expect(
      limitFilter.and(
        limitFilter.countryCodeIs('CH'),
        limitFilter.or(limitFilter.currencyCodeIsNot('USD'), limitFilter.securityIdentifierIs('CH0012032048')),
      ),
    ).toEqual({
      type: 'and',
      filters: [
        { type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } },
        {
          type: 'or',
          filters: [
            { type: 'condition', condition: { type: 'currency-code-is-not', 'currency-code': 'USD' } },
            { type: 'condition', condition: { type: 'security-identifier-is', 'security-identifier': 'CH0012032048' } },
          ],
        },
      ],
    });
    expect(limitFilter.condition({ type: 'reporting-entity-is', 'reporting-entity-id': 're1' })).toEqual({
      type: 'condition',
      condition: { type: 'reporting-entity-is', 'reporting-entity-id': 're1' },
    });
  });

  it.each([
    ['countryCodeIs', 'country-code-is', 'country-code'],
    ['countryCodeIsNot', 'country-code-is-not', 'country-code'],
    ['instrumentClassIs', 'instrument-class-is', 'instrument-class-id'],
    ['instrumentClassIsNot', 'instrument-class-is-not', 'instrument-class-id'],
    ['detailedInstrumentClassIs', 'detailed-instrument-class-is', 'detailed-instrument-class-id'],
    ['detailedInstrumentClassIsNot', 'detailed-instrument-class-is-not', 'detailed-instrument-class-id'],
    ['currencyCodeIs', 'currency-code-is', 'currency-code'],
    ['currencyCodeIsNot', 'currency-code-is-not', 'currency-code'],
    ['securityIdentifierIs', 'security-identifier-is', 'security-identifier'],
    ['securityIdentifierIsNot', 'security-identifier-is-not', 'security-identifier'],
    ['reportingEntityIs', 'reporting-entity-is', 'reporting-entity-id'],
    ['reportingEntityIsNot', 'reporting-entity-is-not', 'reporting-entity-id'],
    ['reportingPortfolioIs', 'reporting-portfolio-is', 'reporting-portfolio-id'],
    ['reportingPortfolioIsNot', 'reporting-portfolio-is-not', 'reporting-portfolio-id'],
  ] as const)(
    'limitFilter.%s(v) is { type: "condition", condition: { type: "%s", "%s": v } }',
    (builder, type, field) => {
      // A value of the field's format: a country code, a currency code, or any non-empty string.
      const value = field === 'country-code' ? 'CH' : field === 'currency-code' ? 'USD' : 'V1';
      expect(limitFilter[builder](value)).toEqual({ type: 'condition', condition: { type, [field]: value } });
    },
  );

  it("checks a condition's value when the builder is called, by the rule and in the words of the limit's create", async () => {
    const build = (name: string, ...args: unknown[]) =>
      thrownValidationError(() =>
        (limitFilter as unknown as Record<string, (...a: unknown[]) => unknown>)[name]?.(...args),
      ).message;
    const cases = [
      ['countryCodeIs', 5, 'country-code', 'must be a string, got number 5'],
      [
        'countryCodeIsNot',
        'ch',
        'country-code',
        'must be a two-letter upper-case ISO 3166-1 country code, e.g. CH, got "ch"',
      ],
      [
        'currencyCodeIs',
        'EURO',
        'currency-code',
        'must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "EURO"',
      ],
      ['reportingEntityIs', '', 'reporting-entity-id', 'must not be empty'],
      ['securityIdentifierIsNot', undefined, 'security-identifier', 'is required'],
      ['instrumentClassIs', ['ic1'], 'instrument-class-id', 'must be a string, got an array'],
    ] as const;
    for (const [builder, value, field, rule] of cases) {
      expect(build(builder, value)).toBe(`limitFilter.${builder}(): value: ${rule}`);
      // The same value in a condition object: limitFilter.condition() and the create say the same.
      const type = builder.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      expect(build('condition', { type, [field]: value })).toBe(`limitFilter.condition(): condition.${field}: ${rule}`);
      const { prs, requests } = recordingClient({ status: 201, body: {} });
      const create = prs.limits.create({
        attributes: { ...attributes, limitFilter: { type: 'condition', condition: { type, [field]: value } } },
        relationships: { client: 'cl1' },
      } as never);
      await expect(create).rejects.toThrow(
        `limits.create: attributes.limitFilter.condition.${field}: ${rule} (nothing was sent)`,
      );
      expect(requests).toHaveLength(0);
    }
    expect(build('and')).toBe(
      'limitFilter.and(): filters: must hold at least one filter (an empty "and" has no documented meaning)',
    );
    expect(build('or')).toBe(
      'limitFilter.or(): filters: must hold at least one filter (an empty "or" has no documented meaning)',
    );
  });

  it('has exactly the fourteen condition builders besides and / or / condition', () => {
    expect(Object.keys(limitFilter)).toHaveLength(17);
  });

  it('limitType writes null for a bound left out', () => {
    expect(limitType.limitGroup()).toEqual({ type: 'limit-group' });
    expect(limitType.proportional({ max: 0.2 })).toEqual({ type: 'proportional', values: { min: null, max: 0.2 } });
    expect(limitType.absolute({ min: 1_000, max: null })).toEqual({
      type: 'absolute',
      values: { min: 1_000, max: null },
    });
  });
});

describe('the builders check their argument at run time (plain JavaScript)', () => {
  const message = (call: () => unknown) => thrownValidationError(call).message;
  const js = limitType as Record<keyof typeof limitType, (...args: unknown[]) => unknown>;

  it('limitType refuses a misspelled bound, naming it and the accepted ones (it was dropped: no bound at all)', () => {
    expect(message(() => js.proportional({ mx: 0.3 }))).toBe(
      'limitType.proportional(): bounds.mx: is not a known field here (accepted: min, max)',
    );
    expect(message(() => js.absolute({ max: 5, minimum: 1 }))).toBe(
      'limitType.absolute(): bounds.minimum: is not a known field here (accepted: min, max)',
    );
  });

  it.each([
    ['no argument', undefined, 'bounds: is required'],
    ['null', null, 'bounds: must be an object, got null'],
    ['a number', 0.3, 'bounds: must be an object, got number 0.3'],
    ['an array', [0, 0.3], 'bounds: must be an object, got an array'],
    ['a Map', new Map([['max', 0.3]]), 'bounds: must be a plain object, got a Map'],
    ['a bound as text', { max: '0.3' }, 'bounds.max: must be a finite number or null, got "0.3"'],
    [
      'two bounds that are no numbers',
      { min: Number.NaN, max: Number.POSITIVE_INFINITY },
      'bounds.min: must be a finite number or null, got number NaN; bounds.max: must be a finite number or null, got number Infinity',
    ],
  ])('limitType.absolute and .proportional refuse %s', (_what, bounds, issues) => {
    expect(message(() => js.absolute(bounds))).toBe(`limitType.absolute(): ${issues}`);
    expect(message(() => js.proportional(bounds))).toBe(`limitType.proportional(): ${issues}`);
  });

  it('limitType takes null and undefined as no bound, and keeps a bound of 0', () => {
    expect(js.absolute({})).toEqual({ type: 'absolute', values: { min: null, max: null } });
    expect(js.proportional({ min: 0, max: undefined })).toEqual({
      type: 'proportional',
      values: { min: 0, max: null },
    });
  });

  it('limitFilter.condition refuses what is not a condition, naming the member and the rule', () => {
    const condition = limitFilter.condition as (value: unknown) => unknown;
    expect(message(() => condition(undefined))).toBe('limitFilter.condition(): condition: is required');
    expect(message(() => condition('country-code-is'))).toBe(
      'limitFilter.condition(): condition: must be an object, got "country-code-is"',
    );
    expect(message(() => condition({ type: 'country-is', 'country-code': 'CH' }))).toBe(
      'limitFilter.condition(): condition.type: must be one of country-code-is, country-code-is-not, instrument-class-is, ' +
        'instrument-class-is-not, detailed-instrument-class-is, detailed-instrument-class-is-not, currency-code-is, ' +
        'currency-code-is-not, security-identifier-is, security-identifier-is-not, reporting-entity-is, ' +
        'reporting-entity-is-not, reporting-portfolio-is, reporting-portfolio-is-not, got "country-is"',
    );
    expect(message(() => condition({ type: 'instrument-class-is', 'instrument-class': 'ic1' }))).toBe(
      'limitFilter.condition(): condition.instrument-class: is not a known field here (accepted: type, instrument-class-id)',
    );
    expect(message(() => condition({ type: 'country-code-is', 'country-code': 756 }))).toBe(
      'limitFilter.condition(): condition.country-code: must be a string, got number 756',
    );
  });

  it('limitFilter.and and .or refuse a filter that is not an object, naming its place', () => {
    const and = limitFilter.and as (...filters: unknown[]) => unknown;
    const or = limitFilter.or as (...filters: unknown[]) => unknown;
    expect(message(() => and(limitFilter.countryCodeIs('CH'), undefined))).toBe(
      'limitFilter.and(): filters.1: is required',
    );
    expect(message(() => or('country-code-is'))).toBe(
      'limitFilter.or(): filters.0: must be an object, got "country-code-is"',
    );
  });
});

const attributes = {
  name: 'Swiss equities',
  ccyCode: 'CHF',
  startDate: '2024-01-01',
  limitFilter: limitFilter.and(limitFilter.countryCodeIs('CH'), limitFilter.currencyCodeIsNot('USD')),
  limitType: limitType.proportional({ min: 0.05, max: 0.3 }),
};

describe('limits.create', () => {
  it('sends the limit document with client and parentLimit relationships', async () => {
    ctx.server.handle((req, res) =>
      json(res, 201, { data: { id: 'lim2', ...(JSON.parse(req.body) as { data: object }).data } }),
    );
    const limit = await ctx.prs.limits.create({
      attributes,
      relationships: { client: 'cl1', parentLimit: { id: 'lim1', type: 'limit' } },
    });
    const req = ctx.server.requests[0];
    expect([req?.method, req?.url, req?.headers['content-type']]).toEqual([
      'POST',
      '/api/v2/limits',
      'application/vnd.api+json',
    ]);
    const relationships = {
      client: { data: { type: 'client', id: 'cl1' } },
      parentLimit: { data: { type: 'limit', id: 'lim1' } },
    };
    expect(jsonBody(req)).toEqual({ data: { type: 'limit', attributes, relationships } });
    expect(limit).toEqual({ id: 'lim2', type: 'limit', attributes, relationships });
  });

  it('refuses bad conditions, an empty group, an unknown condition type and a non-fraction, naming the paths', async () => {
    const input = {
      attributes: {
        ...attributes,
        limitFilter: {
          type: 'or',
          // As a plain JavaScript caller may write them: the builders refuse these values when called.
          filters: [
            { type: 'condition', condition: { type: 'country-code-is', 'country-code': 'ch' } },
            { type: 'and', filters: [] },
            { type: 'condition', condition: { type: 'isin-is', isin: 'X' } },
            { type: 'condition', condition: { type: 'currency-code-is', 'currency-code': 'EURO' } },
          ],
        },
        limitType: limitType.proportional({ max: 30 }),
      },
      relationships: { client: 'cl1' },
    } as unknown as LimitCreateInput;
    await refused(
      () => ctx.prs.limits.create(input),
      [
        'attributes.limitFilter.filters.0.condition.country-code',
        'must be a two-letter upper-case ISO 3166-1 country code, e.g. CH, got "ch"',
      ],
      [
        'attributes.limitFilter.filters.1.filters',
        'must hold at least one filter (an empty "and" has no documented meaning)',
      ],
      [
        'attributes.limitFilter.filters.2.condition.type',
        /^must be one of "country-code-is", "country-code-is-not", .*"reporting-portfolio-is-not", got "isin-is"$/,
      ],
      [
        'attributes.limitFilter.filters.3.condition.currency-code',
        'must be a three-letter upper-case ISO 4217 currency code, e.g. EUR, got "EURO"',
      ],
      ['attributes.limitType.values.max', 'must be a fraction from 0 to 1 (0.10 = 10%), got number 30'],
    );
  });

  it('refuses a condition with the value field of another type', async () => {
    const input = {
      attributes: {
        ...attributes,
        limitFilter: { type: 'condition', condition: { type: 'instrument-class-is', 'instrument-class': 'ic1' } },
      },
      relationships: { client: 'cl1' },
    } as unknown as LimitCreateInput;
    await refused(
      () => ctx.prs.limits.create(input),
      ['attributes.limitFilter.condition.instrument-class-id', 'is required'],
      ['attributes.limitFilter.condition.instrument-class', /not a known field/],
    );
  });

  it('refuses a start date in the form that is no day of the calendar, saying so', async () => {
    await refused(
      () =>
        ctx.prs.limits.create({
          attributes: { ...attributes, startDate: '2030-02-30' },
          relationships: { client: 'cl1' },
        }),
      ['attributes.startDate', 'must be a calendar date in the form YYYY-MM-DD: 2030-02-30 is no day of the calendar'],
    );
  });

  it('refuses min above max, an unknown limit type, and a missing client', async () => {
    await refused(
      () =>
        ctx.prs.limits.create({
          attributes: { ...attributes, limitType: limitType.absolute({ min: 500, max: 100 }) },
          relationships: { client: 'cl1' },
        }),
      ['attributes.limitType.values.min', 'must not exceed max (100), got 500'],
    );
    await refused(
      () =>
        ctx.prs.limits.create({
          attributes: { ...attributes, limitType: { type: 'relative' } },
          relationships: {},
        } as unknown as LimitCreateInput),
      ['attributes.limitType.type', 'must be one of "limit-group", "proportional", "absolute", got "relative"'],
      ['relationships.client', 'is required (a client id)'],
    );
    await refused(
      () =>
        ctx.prs.limits.create({
          attributes: { ...attributes, limitType: { type: 'absolute', values: { max: 5 } } },
          relationships: { client: 'c' },
        } as unknown as LimitCreateInput),
      ['attributes.limitType.values.min', 'is required'],
    );
  });

  it('sends a limit group (no values) under a parent given as a returned limit', async () => {
    ctx.server.handle((req, res) =>
      json(res, 201, { data: { id: 'lim3', ...(JSON.parse(req.body) as { data: object }).data } }),
    );
    const parent = { id: 'lim1', type: 'limit' as const, attributes };
    await ctx.prs.limits.create({
      attributes: { ...attributes, limitType: limitType.limitGroup() },
      relationships: { client: 'cl1', parentLimit: parent },
    });
    expect(jsonBody(ctx.server.requests[0])).toMatchObject({
      data: {
        attributes: { limitType: { type: 'limit-group' } },
        relationships: { parentLimit: { data: { type: 'limit', id: 'lim1' } } },
      },
    });
  });
});

describe('limits.retrieve / delete / clients.limits.list', () => {
  it('decodes a limit with filter and limit types the SDK does not know, keeping them', async () => {
    const unknownFilter = {
      type: 'not',
      filter: { type: 'condition', condition: { type: 'sector-is', sector: 'tech' } },
    };
    const data = {
      id: 'lim1',
      type: 'limit',
      attributes: {
        ...attributes,
        limitFilter: limitFilter.or(unknownFilter as never, limitFilter.countryCodeIs('CH')),
        limitType: { type: 'relative', values: { x: 1 } },
      },
    };
    ctx.server.handle((_req, res) => json(res, 200, { data }));
    const limit = await ctx.prs.limits.retrieve('lim1');
    expect(limit).toEqual(data);
    expect([ctx.server.requests[0]?.method, ctx.server.requests[0]?.url]).toEqual(['GET', '/api/v2/limits/lim1']);
    const types = (f: LimitFilter): string[] =>
      f.type === 'and' || f.type === 'or'
        ? [f.type, ...f.filters.flatMap(types)]
        : [String((f as { type: string }).type)];
    expect(types(limit.attributes.limitFilter)).toEqual(['or', 'not', 'condition']);
  });

  it('rejects a known condition with a non-string value in a response', async () => {
    const data = {
      id: 'lim1',
      type: 'limit',
      attributes: {
        ...attributes,
        limitFilter: { type: 'condition', condition: { type: 'country-code-is', 'country-code': 756 } },
      },
    };
    ctx.server.handle((_req, res) => json(res, 200, { data }));
    await expect(ctx.prs.limits.retrieve('lim1')).rejects.toMatchObject({
      name: 'ResponseValidationError',
      issues: [
        { path: 'data.attributes.limitFilter.condition.country-code', message: 'must be a string, got number 756' },
      ],
    });
  });

  it('deletes with DELETE /api/v2/limits/:id', async () => {
    ctx.server.handle((_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    await ctx.prs.limits.delete('lim1');
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual([['DELETE', '/api/v2/limits/lim1']]);
  });

  it('lists a client’s limits from GET /api/v2/clients/:id/limits', async () => {
    ctx.server.handle((_req, res) => json(res, 200, { data: [{ id: 'lim1', type: 'limit', attributes }] }));
    const limits = await ctx.prs.clients.limits.list('cl1');
    expect(limits.map((l) => l.attributes.name)).toEqual(['Swiss equities']);
    expect(ctx.server.requests.map((r) => [r.method, r.url])).toEqual([['GET', '/api/v2/clients/cl1/limits']]);
  });
});

describe('limit status', () => {
  const status = (id: string, currentValue: number | null, isBreached?: boolean) => ({
    id,
    type: 'limit-status',
    attributes: {
      date: '2024-06-30',
      limitType: limitType.absolute({ max: 100 }),
      currentValue,
      ...(isBreached === undefined ? {} : { isBreached }),
    },
  });

  it('limits.status sends the date and decodes a typed limit-status', async () => {
    ctx.server.handle((_req, res) => json(res, 200, { data: status('lim1', 120, true) }));
    const s = await ctx.prs.limits.status('lim1', { date: '2024-06-30' });
    expect(pathAndQuery(ctx.server.requests[0])).toEqual({
      path: '/api/v2/limits/lim1/status',
      query: { date: '2024-06-30' },
    });
    expect(s).toEqual(status('lim1', 120, true));
    expect(s.attributes.isBreached).toBe(true);
  });

  it('clients.limits.status lists every limit’s status, a limit group with a null value', async () => {
    const items = [
      status('lim1', 50, false),
      {
        ...status('lim2', null),
        attributes: { date: '2024-06-30', limitType: { type: 'limit-group' }, currentValue: null },
      },
    ];
    ctx.server.handle((_req, res) => json(res, 200, { data: items }));
    const all = await ctx.prs.clients.limits.status('cl1', { date: '2024-06-30' });
    expect(all).toEqual(items);
    expect(pathAndQuery(ctx.server.requests[0])).toEqual({
      path: '/api/v2/clients/cl1/limits-status',
      query: { date: '2024-06-30' },
    });
  });

  it('refuses a missing or malformed date before sending', async () => {
    await refused(
      () => ctx.prs.limits.status('lim1', { date: '30.06.2024' }),
      ['date', 'must be a calendar date in the form YYYY-MM-DD, got "30.06.2024"'],
    );
    await refused(() => ctx.prs.clients.limits.status('cl1', {} as { date: string }), ['date', 'is required']);
  });
});
