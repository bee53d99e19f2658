/**
 * Extra arguments are refused by every public method of the client (`src/core/checked-methods.ts`). The 95 endpoint methods
 * are walked in test/coverage/hostile-arguments.test.ts; here: the methods that are not a row, the form of the
 * refusal, and the rule the mechanism stands on (a method's `length` is what it takes).
 */
import { describe, expect, it } from 'vitest';
import { answersAtOnce, refuseExtraArguments } from '../../src/core/checked-methods.js';
import { PortfolioReporting, ValidationError } from '../../src/index.js';
import { recordingClient } from '../helpers/recording-fetch.js';

const tooMany = (what: string, index: number) =>
  `${what}: arguments[${index}]: is past the ${index} argument${index === 1 ? '' : 's'} this takes: it would not be read`;

describe('extra arguments', () => {
  it('prs.request, webhooks.keys and waitForStatus reject with nothing sent', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    const call = (f: unknown, ...args: unknown[]) => (f as (...a: unknown[]) => Promise<unknown>)(...args);
    await expect(call(prs.request.bind(prs), { method: 'GET', path: '/api/v2/clients' }, {}, { x: 1 })).rejects.toThrow(
      `${tooMany('prs.request', 2)} (nothing was sent)`,
    );
    await expect(call(prs.webhooks.keys.bind(prs.webhooks), {}, 'more')).rejects.toThrow(
      `${tooMany('webhooks.keys', 1)} (nothing was sent)`,
    );
    const wait = prs.custodianAuthorities.waitForStatus.bind(prs.custodianAuthorities);
    await expect(call(wait, 'ca-1', 'active', { timeout: 5 }, { interval: 5 })).rejects.toThrow(
      `${tooMany('custodianAuthorities.waitForStatus', 3)} (nothing was sent)`,
    );
    expect(requests).toEqual([]);
  });

  it('a list method refuses through its own kind of promise: `for await` sees the ValidationError', async () => {
    const { prs, requests } = recordingClient({ body: { data: [] } });
    const list = prs.clients.list as (...args: unknown[]) => AsyncIterable<unknown>;
    const seen: unknown[] = [];
    await expect(async () => {
      for await (const item of list.call(prs.clients, {}, 'more')) seen.push(item);
    }).rejects.toThrow(ValidationError);
    expect(seen).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('webhooks.verifier, which answers with a value, throws at once', () => {
    const { prs } = recordingClient();
    const verifier = prs.webhooks.verifier as (...args: unknown[]) => unknown;
    expect(() => verifier.call(prs.webhooks, { toleranceSeconds: 60 }, { secret: 'x' })).toThrow(
      new ValidationError(
        'webhooks.verifier',
        [
          {
            path: 'arguments[1]',
            message: 'is past the 1 argument this takes: it would not be read',
          },
        ],
        '',
      ),
    );
    expect(typeof verifier.call(prs.webhooks, undefined, undefined)).toBe('object');
  });

  it('the mark on a method decides how it refuses: marked, it throws; unmarked, it rejects', async () => {
    // Two methods alike but for the mark, in a namespace the client's walk reads as it reads `prs.webhooks`.
    class Demo {
      now(value: string) {
        return value;
      }
      later(value: string) {
        return value;
      }
    }
    (Demo.prototype.now as { [answersAtOnce]?: true })[answersAtOnce] = true;
    const client = { demo: new Demo() };
    refuseExtraArguments(client);
    const call = (name: 'now' | 'later', ...args: unknown[]) =>
      (client.demo[name] as (...a: unknown[]) => unknown).apply(client.demo, args);
    const issues = [{ path: 'arguments[1]', message: 'is past the 1 argument this takes: it would not be read' }];
    expect(() => call('now', 'a', 'b')).toThrow(new ValidationError('demo.now', issues, ''));
    let rejected: unknown;
    expect(() => {
      rejected = call('later', 'a', 'b');
    }).not.toThrow();
    await expect(rejected).rejects.toThrow(new ValidationError('demo.later', issues));
    // Within what they take, both run as written.
    expect([call('now', 'a'), call('later', 'a', undefined)]).toEqual(['a', 'a']);
  });

  it('every method of every namespace is covered: 100, each an own wrapper taking what the method declares', () => {
    const prs = new PortfolioReporting({ baseUrl: 'https://prs.test', accessToken: 't' });
    const methods: string[] = [];
    const walk = (value: object, path: string) => {
      for (const [name, member] of Object.entries(value))
        if (typeof member === 'object' && member !== null && name !== 'api' && !name.startsWith('_'))
          walk(member, `${path}.${name}`);
      for (const name of Object.getOwnPropertyNames(value)) {
        const own = (value as Record<string, (...args: unknown[]) => unknown>)[name];
        if (typeof own !== 'function') continue;
        methods.push(`${path}.${name}`);
        expect(own.length, name).toBe(Object.getPrototypeOf(value)[name].length);
      }
    };
    walk(prs, 'prs');
    expect(methods).toHaveLength(100);
    expect(methods).toContain('prs.legalEntities.depositories.create');
    expect(methods).toContain('prs.webhooks.verifier');
  });

  it('a subclass of the client keeps its own methods and overrides as written (prs.request checks in its body)', async () => {
    class Traced extends PortfolioReporting {
      calls = 0;
      override request(...args: Parameters<PortfolioReporting['request']>) {
        this.calls++;
        return super.request(...args);
      }
      pageOf(id: string, size = 10) {
        return `${id}:${size}`;
      }
    }
    const traced = new Traced({ baseUrl: 'https://prs.test', accessToken: 't', fetch: async () => Response.json({}) });
    expect(traced.pageOf('a', 20)).toBe('a:20');
    await expect(traced.request({ method: 'GET', path: '/api/v2/clients' })).resolves.toEqual({});
    expect(traced.calls).toBe(1);
  });
  // That every method's `length` is what its type declares (no parameter default or rest parameter stops it short, which
  // would make the wrapper refuse a declared argument) is held by test/types/method-docs.test.ts, which walks them all.
});
