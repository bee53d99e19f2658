/**
 * Extra arguments are refused by every exported function and constructor of the package's entries (the client's
 * methods: test/core/arity.test.ts), named as each names itself in its other errors and reported the way it reports
 * its other bad input: thrown by what answers at once, a rejected promise from what answers with one. A trailing
 * undefined is what leaving an argument out gives: allowed. The webhooks entry is walked in test/webhooks.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as bulkEntry from '../../src/bulk/index.js';
import { Bulk } from '../../src/bulk/index.js';
import * as mainEntry from '../../src/index.js';
import {
  attributesOf,
  consentFiles,
  holdingAsset,
  limitFilter,
  limitType,
  PortfolioReporting,
  ValidationError,
} from '../../src/index.js';
import * as testingEntry from '../../src/testing/index.js';
import {
  createMockService,
  createWebhookSigner,
  MockStore,
  restoreSnapshot,
  seedDemo,
  snapshotOf,
  Table,
} from '../../src/testing/index.js';
import { methodsWithDefaults } from '../helpers/default-parameters.js';
import { thrownValidationError } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const SENT = ' (nothing was sent)';
const tooMany = (what: string, max: number, note: string) =>
  `${what}: arguments[${max}]: is past the ${max} argument${max === 1 ? '' : 's'} this takes: it would not be read${note}`;

type Fn = (...args: unknown[]) => unknown;
const call = (fn: unknown, ...args: unknown[]) => (fn as Fn)(...args);
const construct = (ctor: unknown, ...args: unknown[]) => new (ctor as new (...a: unknown[]) => unknown)(...args);

const { prs } = recordingClient({ status: 201, body: {} });
const mock = createMockService();
const signer = createWebhookSigner();
const store = new MockStore();
const file = { attributes: { name: 'poa', hash: 'sha2-256:9f86d0' } };

/**
 * Each exported function, constructor and method of what they return: its name in messages, a call with the
 * arguments it takes (`args`, each valid), whether it answers with a promise, and the note that ends its messages.
 */
const ROWS: { what: string; run: (...args: unknown[]) => unknown; args: unknown[]; async?: true; note: string }[] = [
  // portfolio-reporting
  {
    what: 'new PortfolioReporting()',
    run: (...a) => construct(PortfolioReporting, ...a),
    args: [{ baseUrl: 'https://prs.test', accessToken: 't' }],
    note: '',
  },
  // Builders and helpers send nothing: their messages do not say `(nothing was sent)`.
  { what: 'consentFiles', run: (...a) => call(consentFiles, ...a), args: [[file]], note: '' },
  { what: 'holdingAsset', run: (...a) => call(holdingAsset, ...a), args: [{}, []], note: '' },
  { what: 'attributesOf', run: (...a) => call(attributesOf, ...a), args: [{ attributes: {} }], note: '' },
  { what: 'limitType.limitGroup()', run: (...a) => call(limitType.limitGroup, ...a), args: [], note: '' },
  { what: 'limitType.proportional()', run: (...a) => call(limitType.proportional, ...a), args: [{}], note: '' },
  { what: 'limitType.absolute()', run: (...a) => call(limitType.absolute, ...a), args: [{}], note: '' },
  {
    what: 'limitFilter.condition()',
    run: (...a) => call(limitFilter.condition, ...a),
    args: [{ type: 'country-code-is', 'country-code': 'CH' }],
    note: '',
  },
  ...Object.keys(limitFilter)
    .filter((name) => !['and', 'or', 'condition'].includes(name))
    .map((name) => ({
      what: `limitFilter.${name}()`,
      run: (...a: unknown[]) => call((limitFilter as unknown as Record<string, Fn>)[name], ...a),
      args: [name.startsWith('country') ? 'CH' : name.startsWith('currency') ? 'USD' : 'x1'],
      note: '',
    })),
  // portfolio-reporting/bulk
  { what: 'new Bulk()', run: (...a) => construct(Bulk, ...a), args: [prs], note: '' },
  ...(['run', 'instruments', 'prices', 'netAssetValues', 'transactions'] as const).flatMap((method) => {
    const bulk = new Bulk(prs);
    const f = (...a: unknown[]) => call(bulk[method].bind(bulk), ...a);
    const base = { what: `bulk.${method}`, run: f, async: true as const, note: SENT };
    if (method === 'run') return [{ ...base, args: [[], (x: unknown) => x, {}] }];
    if (method === 'prices' || method === 'netAssetValues')
      // Either form: three arguments with the shared id, two with the items alone.
      return [
        { ...base, args: ['i1', [], {}] },
        { ...base, args: [[], {}] },
      ];
    return [{ ...base, args: [[], {}] }];
  }),
  // portfolio-reporting/testing
  { what: 'createMockService()', run: (...a) => call(createMockService, ...a), args: [{}], note: '' },
  { what: 'mock.reset()', run: (...a) => call(mock.reset, ...a), args: [], note: '' },
  {
    what: 'mock.listen()',
    // Refused before listening; a server it did start is closed at once.
    run: (...a) => (call(mock.listen, ...a) as Promise<{ close(): Promise<void> }>).then((s) => s.close()),
    args: [{ port: 0 }],
    async: true,
    note: '',
  },
  { what: 'mock.webhooks.addSigner()', run: (...a) => call(mock.webhooks.addSigner, ...a), args: [signer], note: '' },
  {
    what: 'mock.webhooks.removeSigner()',
    run: (...a) => call(mock.webhooks.removeSigner, ...a),
    args: [signer],
    note: '',
  },
  {
    what: 'mock.webhooks.deliver()',
    // Refused before anything is signed or sent (this mock has no signer: a call it takes fails on that).
    run: (...a) => call(mock.webhooks.deliver, ...a),
    args: ['http://127.0.0.1:9/hooks', {}, {}],
    async: true,
    note: '',
  },
  { what: 'createWebhookSigner()', run: (...a) => call(createWebhookSigner, ...a), args: [{}], note: '' },
  { what: 'signer.sign()', run: (...a) => call(signer.sign, ...a), args: [{}, {}], async: true, note: '' },
  { what: 'signer.publicKeys()', run: (...a) => call(signer.publicKeys, ...a), args: [], async: true, note: '' },
  { what: 'signer.rotate()', run: (...a) => call(signer.rotate, ...a), args: [], note: '' },
  { what: 'signer.retire()', run: (...a) => call(signer.retire, ...a), args: [undefined], note: '' },
  { what: 'seedDemo()', run: (...a) => call(seedDemo, ...a), args: [new MockStore()], note: '' },
  { what: 'snapshotOf()', run: (...a) => call(snapshotOf, ...a), args: [store], note: '' },
  {
    what: 'restoreSnapshot()',
    run: (...a) => call(restoreSnapshot, ...a),
    args: [new MockStore(), snapshotOf(new MockStore())],
    note: '',
  },
  { what: 'new MockStore()', run: (...a) => construct(MockStore, ...a), args: [{}], note: '' },
  { what: 'new Table()', run: (...a) => construct(Table, ...a), args: ['row'], note: '' },
];

describe('extra arguments of the exported functions', () => {
  it.each(ROWS.map((row) => [`${row.what}(${row.args.length} + 1)`, row] as const))(
    '%s: refused, as its other bad input is',
    async (_name, { what, run, args, async, note }) => {
      const expected = tooMany(what, args.length, note);
      if (async) {
        let returned: unknown;
        expect(() => {
          returned = run(...args, 'extra');
        }, 'no throw: a promise that rejects').not.toThrow();
        await expect(returned).rejects.toBeInstanceOf(ValidationError);
        await expect(returned).rejects.toThrow(expected);
      } else {
        expect(thrownValidationError(() => run(...args, 'extra')).message).toBe(expected);
      }
    },
  );

  it.each(ROWS.map((row) => [`${row.what}(${row.args.length} + undefined)`, row] as const))(
    '%s: a trailing undefined is allowed',
    async (_name, { what, run, args }) => {
      // Run to its end: what it answers, or the error of something else than its arguments' count.
      const error = await Promise.resolve()
        .then(() => run(...args, undefined))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      if (what === 'mock.webhooks.deliver()') expect(String(error)).toContain('no signer registered');
      else expect(error).toBeUndefined();
    },
  );

  it('every exported function and class of the three entries is a row, but the errors and the promises', () => {
    const exported = (entry: object) =>
      Object.entries(entry)
        .filter(([name, value]) => typeof value === 'function' && name !== 'default')
        .map(([name]) => name);
    // Errors and the client's promises are made by the SDK, not called to do work: their constructors are not rows.
    const notRows = (name: string) => /Error$/.test(name) || name === 'APIPromise' || name === 'ListPromise';
    const named = ROWS.map((row) => row.what);
    for (const name of [...exported(mainEntry), ...exported(bulkEntry), ...exported(testingEntry)].filter(
      (name) => !notRows(name),
    ))
      expect(
        named.some((what) => what === name || what === `new ${name}()` || what === `${name}()`),
        name,
      ).toBe(true);
    // The builders are objects of functions: each of them is a row (and / or take any number of filters).
    for (const name of Object.keys(limitFilter).filter((n) => n !== 'and' && n !== 'or'))
      expect(named).toContain(`limitFilter.${name}()`);
    for (const name of Object.keys(limitType)) expect(named).toContain(`limitType.${name}()`);
  });

  it('prices and netAssetValues take three arguments with the shared id, two with the items: a third after the items is refused', async () => {
    const { prs: client, requests } = recordingClient({ status: 201, body: {} });
    const bulk = new Bulk(client);
    await expect(call(bulk.prices.bind(bulk), [], { concurrency: 2 }, { concurrency: 4 })).rejects.toThrow(
      tooMany('bulk.prices', 2, SENT),
    );
    expect(requests).toHaveLength(0);
  });
});

describe("extra arguments of the mock store's methods", () => {
  it("every method of every table, and the store's reset, refuses one, naming it as called", () => {
    const fresh = new MockStore();
    const named: string[] = [];
    const tables = Object.entries(fresh).filter(([, v]) => v instanceof Table) as [string, Table<{ id: string }>][];
    expect(tables.length).toBe(24);
    for (const [name, table] of tables)
      for (const method of Object.getOwnPropertyNames(table).filter(
        (m) => typeof (table as unknown as Record<string, unknown>)[m] === 'function',
      )) {
        const fn = (table as unknown as Record<string, Fn>)[method] as Fn;
        const args = [...new Array(fn.length).fill(undefined), { id: 'x' }];
        const what = `mock.store.${name}.${method}()`;
        expect(thrownValidationError(() => fn.apply(table, args)).message, what).toBe(tooMany(what, fn.length, ''));
        named.push(what);
      }
    expect(named).toContain('mock.store.clients.add()');
    expect(named).toContain('mock.store.custodianAuthorities.advance()');
    expect(named).toContain('mock.store.prices.where()');
    expect(thrownValidationError(() => call(fresh.reset.bind(fresh), 'again')).message).toBe(
      tooMany('mock.store.reset()', 0, ''),
    );
    // The records and the snapshot are as before: the wrappers are not members a walk of the store sees.
    expect(Object.keys(snapshotOf(fresh).tables)).toEqual(tables.map(([name]) => name));
    // What an argument a table's add took and ignored: refused, nothing stored.
    const before = fresh.clients.size;
    expect(() => call(fresh.clients.add.bind(fresh.clients), { name: 'Berg' }, { id: 'c1' })).toThrow(ValidationError);
    expect(fresh.clients.size).toBe(before);
  });

  it('no method of the store has a parameter with a default value (its `length` would stop short of it)', () => {
    const defaults = methodsWithDefaults(readdirSync('src/testing/store').map((f) => `src/testing/store/${f}`));
    expect(defaults).toEqual([]);
  });
});
