/**
 * What hovering a method of the client shows (the standard for types: every public method has a JSDoc line with an
 * example): for every method of every namespace of `PortfolioReporting`, at any depth, walked with the compiler
 * API, the hover names the namespace's own type (`Accounts.retrieve`, not a generic `Items<Account, …>.retrieve`)
 * the method's `@example` calls that very method (`prs.depositories.retrieve(`, not another namespace's), and its
 * parameters name what they identify (`depositoryId`, not `id`), and its options offer `maxPages` exactly where it
 * bounds something: a list's last parameter is `ListRequestOptions`, every other call's has no `maxPages`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import { PortfolioReporting } from '../../src/index.js';
import { serviceProbe } from '../helpers/ts-probe.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const probePath = join(root, 'test', 'types', '__method_docs_probe__.ts');
const probe = `
import type { PortfolioReporting } from '../../src/index.js';
declare const prs: PortfolioReporting;
prs;
`;

interface Method {
  /** `prs.legalEntities.accounts.create` */
  path: string;
  /** What the hover shows before the parameters: `(method) LegalEntityAccounts.create` */
  hover: string;
  /** The method's `@example` texts, joined. */
  example: string;
  /** Its parameters' names, as the hover and signature help show them. */
  parameters: string[];
  /** The most arguments any of its signatures takes (a rest parameter counts as none). */
  takes: number;
  /** Each of its signatures (overloads): what it returns and what its last parameter offers. */
  signatures: Signature[];
}

interface Signature {
  /** It returns a list: a `ListPromise`, or an `APIPromise` of every page gathered (`HoldingsResult`). */
  list: boolean;
  /** Its last parameter's type (`undefined` removed) has a `maxPages` member. */
  maxPages: boolean;
  /** Its last parameter's type as shown, `undefined` removed: `ListRequestOptions`, `RequestOptions`, … */
  last: string;
}

let methods: Method[];

beforeAll(() => {
  const { checker, source, service } = serviceProbe(root, probePath, probe);
  const at = probe.lastIndexOf('prs;');
  const prsType = checker.getTypeAtLocation(findIdentifier(source, at));
  methods = [];
  walk(checker, prsType, 'prs', methods);
  // The hover of each method as an editor shows it: one more probe reading every path.
  const text = `${probe}${methods.map((m) => `${m.path};`).join('\n')}\n`;
  const second = serviceProbe(root, probePath, text);
  for (const m of methods) {
    const index = text.indexOf(`\n${m.path};`) + m.path.length;
    const info = second.service.getQuickInfoAtPosition(probePath, index);
    const shown = ts.displayPartsToString(info?.displayParts);
    const method = m.path.slice(m.path.lastIndexOf('.'));
    m.hover = shown.slice(0, shown.indexOf(`${method}(`) + method.length);
  }
  void service;
}, 180_000);

function findIdentifier(source: ts.SourceFile, position: number): ts.Node {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.getStart(source) === position) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error('no identifier at the position');
  return found;
}

/** Public members of `type`: methods are collected, objects declared under src/ walked as namespaces. */
function walk(checker: ts.TypeChecker, type: ts.Type, path: string, into: Method[]): void {
  for (const symbol of checker.getPropertiesOfType(type)) {
    const declaration = symbol.declarations?.[0];
    if (!declaration) continue;
    const flags = ts.getCombinedModifierFlags(declaration);
    if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) || symbol.name.startsWith('_')) continue;
    const member = checker.getTypeOfSymbol(symbol);
    const memberPath = `${path}.${symbol.name}`;
    if (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration)) {
      const example = symbol
        .getJsDocTags(checker)
        .filter((tag) => tag.name === 'example')
        .map((tag) => ts.displayPartsToString(tag.text))
        .join('\n');
      const called = member.getCallSignatures();
      const parameters = called[0]?.parameters.map((p) => p.name) ?? [];
      const takes = Math.max(
        ...called.map((s) => s.parameters.length - (s.declaration && ts.hasRestParameter(s.declaration) ? 1 : 0)),
      );
      const signatures = called.map((signature) => signatureOf(checker, signature));
      into.push({ path: memberPath, hover: '', example, parameters, takes, signatures });
    } else if (
      member.getCallSignatures().length === 0 &&
      member.getFlags() & ts.TypeFlags.Object &&
      member.getSymbol()?.declarations?.some((d) => d.getSourceFile().fileName.includes('/src/'))
    ) {
      walk(checker, member, memberPath, into);
    }
  }
}

/** What a signature returns (a list or not) and what its last parameter offers. */
function signatureOf(checker: ts.TypeChecker, signature: ts.Signature): Signature {
  const returned = signature.getReturnType();
  const name = returned.getSymbol()?.name;
  // A compound list (holdings) is an APIPromise of every page's data and included, gathered.
  const resolved = name === 'APIPromise' ? checker.getTypeArguments(returned as ts.TypeReference)[0] : undefined;
  const list = name === 'ListPromise' || resolved?.getSymbol()?.name === 'HoldingsResult';
  const parameter = signature.parameters.at(-1);
  const declared = parameter && checker.getTypeOfSymbol(parameter);
  const type = declared && checker.getNonNullableType(restOptions(checker, signature, declared) ?? declared);
  return {
    list,
    maxPages: type?.getProperty('maxPages') !== undefined,
    last: type ? checker.typeToString(type) : '(none)',
  };
}

/**
 * The options a rest parameter that depends on the call takes (the deprecated `holdings.list` form's: `[options?:
 * ListRequestOptions]` for the params that take that form, two `never`s otherwise), read from its constraint, the
 * union of what it can be: the last element of each tuple that a call can give. `undefined` for any other parameter.
 */
function restOptions(checker: ts.TypeChecker, signature: ts.Signature, type: ts.Type): ts.Type | undefined {
  const declaration = signature.declaration;
  if (!declaration || !ts.hasRestParameter(declaration) || !(type.flags & ts.TypeFlags.Conditional)) return undefined;
  const constraint = checker.getBaseConstraintOfType(type);
  const tuples = constraint?.isUnion() ? constraint.types : constraint ? [constraint] : [];
  const last = tuples
    .map((tuple) => checker.getTypeArguments(tuple as ts.TypeReference).at(-1))
    .filter((element): element is ts.Type => element !== undefined && !(element.flags & ts.TypeFlags.Never));
  expect(last).toHaveLength(1);
  return last[0];
}

/** The public methods of the client's namespaces as the client has them: own and inherited, not `_`/private ones. */
function runTimeMethods(owner: object, path: string): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(owner)) {
    // `children` is ClientPortfolios' private delegate, `api` the calls every namespace is made of.
    if (value === null || typeof value !== 'object' || name.startsWith('_') || name === 'api' || name === 'children')
      continue;
    found.push(...runTimeMethods(value, `${path}.${name}`));
    for (let proto = Object.getPrototypeOf(value); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const method of Object.getOwnPropertyNames(proto)) {
        const full = `${path}.${name}.${method}`;
        if (method !== 'constructor' && !found.includes(full)) found.push(full);
      }
    }
  }
  return found;
}

describe('the methods of the client, as an editor shows them', () => {
  it('walks every method the client has at run time (every namespace, at any depth) and prs.request', () => {
    const prs = new PortfolioReporting({ accessToken: 'token', baseUrl: 'https://prs.example' });
    expect(methods.map((m) => m.path).sort()).toEqual([...runTimeMethods(prs, 'prs'), 'prs.request'].sort());
    expect(methods.length).toBeGreaterThan(95);
  });

  it('each method takes at run time the arguments its type declares (its `length`, which the extra-argument check reads)', () => {
    // A parameter default or a rest parameter stops a function's `length` short of what it takes, and the wrapper
    // that refuses extra arguments (src/core/api.ts) would then refuse a declared one.
    const prs = new PortfolioReporting({ accessToken: 'token', baseUrl: 'https://prs.example' });
    type Member = { [name: string]: Member } & { length: number };
    const at = (path: string): Member =>
      path
        .split('.')
        .slice(1)
        .reduce((owner, name) => owner[name] as Member, prs as unknown as Member);
    const differ = methods.filter((m) => at(m.path).length !== m.takes);
    expect(differ.map((m) => `${m.path}: length ${at(m.path).length}, declared ${m.takes}`)).toEqual([]);
    expect(at('prs.accounts.retrieve').length).toBe(2);
    expect(at('prs.users.invites.cancel').length).toBe(3);
  });

  it("hovering a method names its namespace's own type, not a generic one", () => {
    const generic = methods.filter((m) => /<|^\(method\) (Items|Children)\./.test(m.hover));
    expect(generic.map((m) => `${m.path}: ${m.hover}`)).toEqual([]);
  });

  it('names each id by what it identifies (`accountId`, `legalEntityId`), never a bare `id` or `parentId`', () => {
    const vague = methods.filter((m) => m.parameters.some((name) => name === 'id' || name === 'parentId'));
    expect(vague.map((m) => `${m.path}(${m.parameters.join(', ')})`)).toEqual([]);
    expect(methods.find((m) => m.path === 'prs.users.invites.cancel')?.parameters).toEqual([
      'userId',
      'inviteId',
      'options',
    ]);
  });

  it('offers maxPages exactly where the call reads a list: ListRequestOptions there, RequestOptions elsewhere', () => {
    const shown = (m: Method, s: Signature) => `${m.path}: ${s.list ? 'list' : 'one answer'}, ${s.last}`;
    const all = methods.flatMap((m) => m.signatures.map((s) => ({ m, s })));
    // For every method: maxPages iff a list.
    expect(all.filter(({ s }) => s.maxPages !== s.list).map(({ m, s }) => shown(m, s))).toEqual([]);
    // By name: every list takes ListRequestOptions; every other call RequestOptions, but for the three whose last
    // parameter is something else.
    expect(all.filter(({ s }) => s.list && s.last !== 'ListRequestOptions').map(({ m, s }) => shown(m, s))).toEqual([]);
    expect(
      all
        .filter(({ s }) => !s.list && s.last !== 'RequestOptions')
        .map(({ m, s }) => shown(m, s))
        .sort(),
    ).toEqual([
      'prs.custodianAuthorities.waitForStatus: one answer, WaitForStatusOptions',
      'prs.webhooks.verifier: one answer, ClientWebhookVerifierOptions',
      'prs.webhooks.verify: one answer, WebhookHeaders',
    ]);
    // Both kinds are there: 26 lists (24 ListPromises, holdings.list and assetHoldings.list), and prs.request reads
    // one answer (it sends one request, whatever the path).
    expect(methods.filter((m) => m.signatures.some((s) => s.list)).length).toBe(26);
    expect(methods.find((m) => m.path === 'prs.request')?.signatures).toEqual([
      { list: false, maxPages: false, last: 'RequestOptions' },
    ]);
  });

  it('calls a method a list exactly where its endpoint row reads pages, which is where the run time takes maxPages', () => {
    // The rows are named by their methods (`instruments.prices.list`); a row read page by page (`pagination`) is
    // sent with `pages`, the one condition under which checkRequestOptions accepts maxPages.
    const byPath = new Map(methods.map((m) => [m.path, m]));
    const differing = Object.entries(endpoints).flatMap(([id, row]) => {
      const method = byPath.get(`prs.${id}`);
      if (!method) return [`prs.${id}: no such method`];
      const paged = (row as { pagination?: string }).pagination !== undefined;
      return method.signatures.every((s) => s.list === paged) ? [] : [`prs.${id}: pagination ${paged}`];
    });
    expect(differing).toEqual([]);
  });

  it('each method has an @example that calls that method', () => {
    const astray = methods.filter((m) => !m.example.includes(`${m.path}(`));
    expect(
      astray.map((m) => `${m.path}: ${m.example.split('\n').find((l) => l.includes('prs.')) ?? '(none)'}`),
    ).toEqual([]);
  });
});
