/**
 * Issue 18, item 5, for create bodies: the attributes of a create are checked the bounded way, so a limit whose
 * `limitFilter` holds 200,000 bad filters is a `ValidationError`, not a `RangeError` from zod's stack (which it
 * was: zod gathers every element's issues and spreads them into the parent's), and nothing is sent.
 */
import { expect, it } from 'vitest';
import { overflows } from '../../src/core/overflows.js';
import { ValidationError } from '../../src/index.js';
import { refusalOf } from '../helpers/issues.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const N = 200_000;

/** A limit create input with `limitFilter` as given (typed loosely: the filters here are not valid ones). */
const limitInput = (limitFilter: unknown) =>
  ({
    attributes: {
      name: 'Equity cap',
      ccyCode: 'EUR',
      startDate: '2024-01-01',
      limitFilter,
      limitType: { type: 'proportional', values: { min: null, max: 0.6 } },
    },
    relationships: { client: 'client1' },
  }) as never;

// CPU-bound (zod runs out of stack once before the bounded check answers): its own backstop, not the 20 s default.
it('a limit with 200,000 bad filters: a ValidationError, not a RangeError; nothing sent', {
  timeout: 120_000,
}, async () => {
  const { prs, requests } = recordingClient();
  const filters = Array.from({ length: N }, () => ({ type: 'condition', condition: { type: 'bogus' } }));
  const e = await refusalOf(() => prs.limits.create(limitInput({ type: 'and', filters })));

  expect(e).toBeInstanceOf(ValidationError);
  expect(requests).toHaveLength(0);
  // The filters sit under a union, which the bounded check does not take apart: so many that zod runs out of
  // stack, they are one issue on the attributes.
  expect(e.issues).toEqual([
    { path: 'attributes', message: 'is too large or too deeply nested to check (the stack ran out)' },
  ]);
});

it('a limit whose filter nests 100,000 groups: a ValidationError saying so, not a RangeError; nothing sent', {
  timeout: 120_000,
}, async () => {
  const { prs, requests } = recordingClient();
  let limitFilter: unknown = { type: 'condition', condition: { type: 'country-code-is', 'country-code': 'CH' } };
  for (let i = 0; i < 100_000; i++) limitFilter = { type: 'and', filters: [limitFilter] };
  const e = await refusalOf(() => prs.limits.create(limitInput(limitFilter)));

  expect(e).toBeInstanceOf(ValidationError);
  expect(requests).toHaveLength(0);
  expect(e.issues).toEqual([
    { path: 'attributes', message: 'is too large or too deeply nested to check (the stack ran out)' },
  ]);
});

it('an attribute of 100,000 nested arrays in a generic create: sent if JSON can write it, else a ValidationError', async () => {
  const { prs, requests } = recordingClient({
    status: 201,
    body: { data: { id: 'c1', type: 'client', attributes: {} } },
  });
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  // Node 26's JSON.stringify takes any depth; Node 22 and 24 run out of stack, which was a RangeError.
  const writable = overflows(() => JSON.stringify(deep)) !== undefined;
  const created = prs.clients.create({ attributes: { name: 'Deep', deep } });

  if (writable) {
    await created;
    expect(requests).toHaveLength(1);
    expect((requests[0]!.body as { data: { attributes: { name: string } } }).data.attributes.name).toBe('Deep');
  } else {
    const e = await refusalOf(() => created);
    expect(requests).toHaveLength(0);
    expect(e.issues).toEqual([{ path: 'body', message: 'is nested too deeply to write as JSON (the stack ran out)' }]);
    expect(e.message).toBe(
      'clients.create: body: is nested too deeply to write as JSON (the stack ran out) (nothing was sent)',
    );
  }
});

it('a valid create sends the attributes with the documented default filled in (a fee transaction category)', async () => {
  const { prs, requests } = recordingClient({ status: 201, body: { data: { id: 't1', type: 'fee-transaction' } } });
  const attributes = { accountAmount: -5, tradeDate: '2024-01-31', valueDate: '2024-02-02' };
  await prs.transactions
    .create({ type: 'fee-transaction', attributes, relationships: { account: 'acc1' } })
    .catch(() => undefined);
  expect(requests).toHaveLength(1);
  expect((requests[0]!.body as { data: { attributes: unknown } }).data.attributes).toEqual({
    ...attributes,
    category: 'other',
  });
});
