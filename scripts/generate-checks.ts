/**
 * Writes src/schemas/response-checks.generated.ts: for every row of the endpoint table that answers with a
 * JSON:API document, a function that says whether zod would accept that document, written for its one shape.
 * Code written per shape reads each key at a site V8 caches for that shape; a generic walk of the schema reads
 * every shape in one loop (the compiled checks this replaced cost a decode of 50,000 holdings ~20 % of
 * `JSON.parse`; these ~5 %). The code is generated here, at build time, because a strict CSP and workerd refuse
 * `eval`.
 *
 * The schemas stay the one definition: this script reads them through src/schemas/zod-definitions.ts (the one
 * reader of zod's definitions), and test/schemas/response-checks.test.ts fails when the checked-in file is not
 * what this script writes, and when a generated check and zod disagree. A generated check may only say "no"
 * where unsure: the decoder then asks zod (a node this script has no code for is written `false`, and listed
 * when the script runs; the test requires that none is).
 *
 *   npm run generate                            # writes the file
 *   npx tsx scripts/generate-checks.ts --print  # prints it
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { collection, single } from '../src/core/documents.js';
import { type Endpoint, endpoints } from '../src/endpoints.js';
import { kindDispatch } from '../src/schemas/kinds.js';
import { internals, known, plain, presence } from '../src/schemas/zod-definitions.js';

export const GENERATED_FILE = fileURLToPath(new URL('../src/schemas/response-checks.generated.ts', import.meta.url));

/** The generated module of the endpoint table's rows, and the nodes written `false` (left to zod) by path. */
export function generateChecks(): { source: string; leftToZod: string[] } {
  const documents: [string, object][] = [];
  for (const [id, row] of Object.entries(endpoints) as [string, Endpoint][]) {
    const response = row.response as { resource?: object; included?: object };
    if (!response.resource) continue;
    const document = row.pagination
      ? collection(response.resource as never, response.included as never)
      : single(response.resource as never);
    documents.push([id, document]);
  }
  return writeChecks(documents);
}

/** A module whose `responseChecks[name]` checks what each schema of `entries` accepts. */
export function writeChecks(entries: readonly [string, unknown][]): { source: string; leftToZod: string[] } {
  // By the `type` a dispatch case established (undefined: none): a member is written once per case it is reached from.
  const names = new Map<string | undefined, Map<object, string>>();
  const bodies = new Map<string, string>();
  let count = 0;
  const functions: string[] = [];
  const sets = new Map<string, string>();
  const leftToZod: string[] = [];
  const helpers = new Set<{ name: string }>();

  /** A module-level set of `values`, shared by every check that needs the same one. */
  const setOf = (values: readonly unknown[]): string => {
    const literal = `[${values.map((v) => JSON.stringify(v)).join(',')}]`;
    let name = sets.get(literal);
    if (!name) {
      name = `s${sets.size}`;
      sets.set(literal, name);
    }
    return name;
  };

  /**
   * The name of the function that checks `schema` (for values whose `type` is `kind`, when a dispatch case
   * established it), written on first use (before its body: recursion).
   */
  const functionOf = (schema: object, kind: string | undefined, body: (name: string) => string): string => {
    let named = names.get(kind);
    if (!named) {
      named = new Map();
      names.set(kind, named);
    }
    let name = named.get(schema);
    if (name) return name;
    name = `c${count++}`;
    named.set(schema, name);
    const made = body(name);
    // Schemas of the same shape (each kind's attributes, empty relationships) share one function, unless the
    // body calls itself (a recursive schema's name may already be in the functions written below it).
    const text = made.replace(`function ${name}(`, 'function (');
    const same = bodies.get(text);
    if (same && !new RegExp(`\\b${name}\\(`).test(made.slice(made.indexOf('{')))) {
      named.set(schema, same);
      return same;
    }
    bodies.set(text, name);
    functions.push(made);
    return name;
  };

  /**
   * An expression that is true when the value in the variable `x` passes `schema`. `kind` is the value's `type`
   * when a dispatch case established it: an object's `type` member that accepts it is then not tested again.
   */
  const check = (schema: unknown, x: string, at: string, kind?: string): string => {
    if (typeof schema !== 'object' || schema === null) return unsupported(at);
    const dispatch = kindDispatch(schema as never);
    if (dispatch) {
      const fn = functionOf(schema, undefined, (name) => {
        // Members of the same check once their `type` is not tested (an asset's and an instrument's bond) share
        // one `return`, their cases written together.
        const cases = new Map<string, string[]>();
        for (const [type, member] of dispatch.members) {
          const test = check(member, 'v', `${at}<${type}>`, type);
          cases.set(test, [...(cases.get(test) ?? []), `case ${JSON.stringify(type)}:`]);
        }
        const fallback = check(dispatch.fallback, 'v', `${at}<other>`);
        const written = [...cases].map(([test, labels]) => `${labels.join('')}return ${test};`);
        return `function ${name}(v:any):boolean{switch(v==null?void 0:v.type){${written.join('')}default:return ${fallback}}}`;
      });
      return `${fn}(${x})`;
    }
    const def = known(schema);
    if (!plain(def)) return unsupported(at);
    switch (def.type) {
      case 'string':
        helpers.add(STR);
        return `str(${x})`;
      case 'number':
        helpers.add(NUM);
        return `num(${x})`;
      case 'boolean':
        return `typeof ${x}=="boolean"`;
      case 'null':
        return `${x}===null`;
      case 'unknown':
      case 'any':
        return 'true';
      case 'never':
        return 'false';
      case 'literal':
      case 'enum': {
        const values = internals(schema)?.values;
        const listed = def.type === 'literal' ? def.values : Object.values(def.entries ?? 0);
        if (!(values instanceof Set) || !Array.isArray(listed) || ![...values].every((v) => listed.includes(v)))
          return unsupported(at);
        const all = [...values];
        // `===` is SameValueZero (zod's match) but for NaN; other kinds of values are zod's to match.
        if (!all.every((v) => typeof v === 'string' || typeof v === 'boolean' || v === null || Number.isFinite(v)))
          return unsupported(at);
        return all.length <= 3
          ? `(${all.map((v) => `${x}===${JSON.stringify(v)}`).join('||')})`
          : `${setOf(all)}.has(${x})`;
      }
      case 'nullable':
        return either(`${x}===null`, check(def.innerType, x, at, kind));
      case 'optional': {
        if (presence(def.innerType)?.optin === 'defaulted') return unsupported(at);
        return either(`${x}===void 0`, check(def.innerType, x, at, kind));
      }
      case 'union':
        return Array.isArray(def.options)
          ? either(...def.options.map((option, i) => check(option, x, `${at}|${i}`, kind)))
          : unsupported(at);
      case 'array': {
        // An array of what one named function checks is read by the one loop `every` (a function per element
        // kind cost ~90 bytes each, 25 of them; a call per element costs nothing measurable beside the element's check).
        const element = check(def.element, VALUE, `${at}[]`);
        const each = new RegExp(`^([\\w$]+)\\(${VALUE}\\)$`).exec(element)?.[1];
        if (each) {
          helpers.add(EVERY);
          return `every(${x},${each})`;
        }
        const fn = functionOf(schema, undefined, (name) => {
          return element === 'true'
            ? `function ${name}(v:any):boolean{return Array.isArray(v)}`
            : `function ${name}(v:any):boolean{if(!Array.isArray(v))return false;${local(reading(element, 'v[i]'))}for(let i=0;i<v.length;i++)if(!${wrap(reading(element, 'v[i]'))})return false;return true}`;
        });
        return `${fn}(${x})`;
      }
      case 'record': {
        const key = known(def.keyType);
        if (!plain(key) || key.type !== 'string') return unsupported(at);
        const fn = functionOf(schema, undefined, (name) => {
          const item = check(def.valueType, VALUE, `${at}{}`);
          // zod's own test of a record is wider (any object whose constructor looks plain): outside it, zod decides.
          const own =
            item === 'true'
              ? ''
              : `${local(reading(item, 'v[k]'))}for(const k of Object.keys(v))if(k!=="__proto__"&&!${wrap(reading(item, 'v[k]'))})return false;`;
          return `function ${name}(v:any):boolean{if(!isObject(v))return false;const p=Object.getPrototypeOf(v);if(p!==Object.prototype&&p!==null)return false;for(const s of Object.getOwnPropertySymbols(v))if(Object.prototype.propertyIsEnumerable.call(v,s))return false;${own}return true}`;
        });
        return `${fn}(${x})`;
      }
      case 'object': {
        const shape = def.shape as Record<string, unknown> | undefined;
        const catchall = def.catchall === undefined ? undefined : known(def.catchall);
        const rest = def.catchall === undefined ? 'unknown' : plain(catchall) ? catchall.type : undefined;
        if (!shape || Object.getOwnPropertySymbols(shape).length || !['unknown', 'any', 'never'].includes(rest ?? ''))
          return unsupported(at);
        const fn = functionOf(schema, kind, (name) => {
          const steps: string[] = [];
          for (const key of Object.keys(shape)) {
            if (key === '__proto__') continue; // zod skips it too
            const member = shape[key];
            const may = presence(member);
            if (!may) {
              steps.push(unsupported(`${at}.${key}`));
              break;
            }
            const absent = may.optin === undefined ? false : may.optout === 'optional' ? true : 'check';
            const before = leftToZod.length;
            const passes = check(member, VALUE, `${at}.${key}`);
            // A member with a node left to zod says no outright: wrapped in the absent-key rule, an absent key would
            // pass where zod fills in a default (the compiled checks handed the whole object to zod alike). The
            // `type` a dispatch case established is present and is `kind`: where zod accepts that, it passes.
            steps.push(
              leftToZod.length > before
                ? 'false'
                : key === 'type' && kind !== undefined && z.safeParse(member as never, kind).success
                  ? 'true'
                  : memberStep(key, absent, z.safeParse(member as never, undefined).success, passes),
            );
          }
          const strict =
            rest === 'never' ? `for(const k in v)if(!${setOf(Object.keys(shape))}.has(k))return false;` : '';
          const all = ['isObject(v)', ...steps.filter((step) => step !== 'true')].join('&&');
          const declare = local(steps.join(''));
          return strict
            ? `function ${name}(v:any):boolean{${declare}if(!(${all}))return false;${strict}return true}`
            : `function ${name}(v:any):boolean{${declare}return ${all}}`;
        });
        return `${fn}(${x})`;
      }
      default:
        return unsupported(at);
    }
  };

  /**
   * One member's step, with zod's rules for an absent key: a member that may be absent (`optin`) passes when
   * absent; one that may not must be present, even when its schema accepts `undefined`; present, its value is
   * checked (an `undefined` one too).
   */
  const memberStep = (key: string, absent: boolean | 'check', takesUndefined: boolean, passes: string): string => {
    const read = /^[A-Za-z_$][\w$]*$/.test(key) ? `v.${key}` : `v[${JSON.stringify(key)}]`;
    const has = `${JSON.stringify(key)} in v`;
    const test =
      absent !== false && takesUndefined
        ? either(`${VALUE}===void 0`, passes)
        : absent === true
          ? `(${VALUE}===void 0?!(${has}):${passes})`
          : absent === false && takesUndefined
            ? `(${VALUE}===void 0?${has}:${passes})`
            : passes;
    if (test === 'true') return 'true';
    // A member that may be absent, null or both, else checked by one function, is one helper's call (a member
    // read once: V8 inlines the helper and its function where the member is read).
    const wrapped = WRAPPED_CALL.exec(test);
    if (wrapped) {
      const [, first, second, fn] = wrapped;
      const helper = second && second !== first ? OPT_NUL : first === 'null' ? NUL : OPT;
      helpers.add(helper);
      return `${helper.name}(${read},${fn})`;
    }
    return reading(test, read);
  };

  const unsupported = (at: string): string => {
    leftToZod.push(at);
    return 'false';
  };

  const rows = entries.map(([name, schema]) => {
    const test = check(schema, 'v', name);
    const called = /^(c\d+)\(v\)$/.exec(test)?.[1];
    return `${JSON.stringify(name)}:${called ?? `(v:any):boolean=>${test}`},`;
  });

  const source = [
    '// Generated by scripts/generate-checks.ts from the endpoint table and src/schemas: do not edit.',
    '// Run `npm run generate` after changing a response schema (a test says when it is stale).',
    "import { isObject } from '../core/is-object.js';",
    "import type { EndpointId } from '../endpoints.js';",
    ...[...sets].map(([literal, name]) => `const ${name}=new Set(${literal});`),
    ...[...helpers].map(String),
    ...functions,
    '/** For each row that answers with a JSON:API document: whether zod would accept the document. */',
    `export const responseChecks:Partial<Record<EndpointId,(value:unknown)=>boolean>>={${rows.join('')}};`,
    '',
  ].join('\n');
  return { source, leftToZod };
}

/**
 * Helpers the generated module defines when it uses them: each stands for text every check repeated (a member
 * that may be absent, a loop over an array). They cost nothing measurable in a decode: V8 inlines them.
 */
const helper = (name: string, text: string) => ({ name, toString: () => text });
const STR = helper('str', 'const str=(v:unknown):boolean=>typeof v=="string";');
const NUM = helper('num', 'const num=Number.isFinite;');
const OPT = helper('opt', 'const opt=(v:unknown,f:(v:unknown)=>boolean):boolean=>v===void 0||f(v);');
const NUL = helper('nul', 'const nul=(v:unknown,f:(v:unknown)=>boolean):boolean=>v===null||f(v);');
const OPT_NUL = helper('optNul', 'const optNul=(v:unknown,f:(v:unknown)=>boolean):boolean=>v==null||f(v);');
const EVERY = helper(
  'every',
  'function every(v:unknown,f:(v:unknown)=>boolean):boolean{if(!Array.isArray(v))return false;for(let i=0;i<v.length;i++)if(!f(v[i]))return false;return true}',
);
/** The terms of each disjunction `either` wrote, so that one nested in another is written flat, each term once. */
const disjunctions = new Map<string, string[]>();
const either = (...tests: string[]): string => {
  const terms = [...new Set(tests.flatMap((test) => disjunctions.get(test) ?? [test]))];
  if (terms.includes('true')) return 'true';
  if (terms.length === 1) return terms[0] as string;
  const text = `(${terms.join('||')})`;
  disjunctions.set(text, terms);
  return text;
};
/**
 * Where a check's value goes: a member's read (`v.key`), an element's (`v[i]`). Read once, it is written in
 * place; read more than once, the first read keeps it in the function's local `a`.
 */
const VALUE = '\u0001';
/** `(V===void 0||V===null||f(V))`, one or both tests before the call: what `opt`, `nul` and `optNul` write. */
const WRAPPED_CALL = new RegExp(
  `^\\(${VALUE}===(void 0|null)(?:\\|\\|${VALUE}===(void 0|null))?\\|\\|([\\w$]+)\\(${VALUE}\\)\\)$`,
);
const reading = (test: string, read: string): string => {
  const parts = test.split(VALUE);
  if (parts.length <= 2) return parts.join(read);
  return parts.map((part, i) => (i === 0 ? part : i === 1 ? `(a=${read})${part}` : `a${part}`)).join('');
};
/** The local `a` a function needs when one of its checks reads its value more than once. */
const local = (tests: string): string => ((tests.match(/\(a=/g)?.length ?? 0) > 0 ? 'let a;' : '');
const wrap = (test: string): string => (/^[\w$]+\([\w$]*\)$/.test(test) ? test : `(${test})`);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { source, leftToZod } = generateChecks();
  if (process.argv.includes('--print')) process.stdout.write(source);
  else writeFileSync(GENERATED_FILE, source);
  console.error(
    `${source.length} bytes; ${leftToZod.length} node(s) left to zod${leftToZod.length ? `: ${leftToZod.join(', ')}` : ''}`,
  );
}
