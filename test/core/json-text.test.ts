import { describe, expect, it } from 'vitest';
import { nestsDeeper, repeatedMember } from '../../src/core/json-text.js';

describe('repeatedMember', () => {
  it('names the path of the first member an object names twice', () => {
    expect(repeatedMember('{"a":1,"a":2}')).toBe('a');
    expect(repeatedMember('{"data":{"attributes":{"x":1, "y":2 ,\n "x":3}}}')).toBe('data.attributes.x');
    expect(repeatedMember('{"r":{"list":{"data":[{"id":"1"},{"id":"2","id":"3"}]}}}')).toBe('r.list.data.1.id');
    expect(repeatedMember('[{"a":1},[0,{"b":1,"b":1}]]')).toBe('1.1.b');
  });

  it('compares names as JSON decodes them, and escaped quotes do not end a string', () => {
    expect(repeatedMember('{"a":1,"\\u0061":2}')).toBe('a');
    expect(repeatedMember('{"q\\"":"\\"a\\":","a":1}')).toBeUndefined();
    expect(repeatedMember('{"q\\"":1,"q\\"":2}')).toBe('q"');
  });

  it('tells names from string values, and the same name in sibling or nested objects is no repeat', () => {
    expect(repeatedMember('{"a":"a","b":["a","a"],"c":{"a":{"a":1}},"d":[{"a":1},{"a":2}]}')).toBeUndefined();
    expect(repeatedMember('{}')).toBeUndefined();
    expect(repeatedMember('"a"')).toBeUndefined();
  });

  it('scans without recursion: a text nested 100,000 deep', () => {
    const deep = `${'['.repeat(100_000)}{"a":1,"a":2}${']'.repeat(100_000)}`;
    expect(repeatedMember(deep)).toBe(`${'0.'.repeat(100_000)}a`);
  });
});

describe('nestsDeeper', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeper('{"a":[1]}', 2)).toBe(false);
    expect(nestsDeeper('{"a":[[1]]}', 2)).toBe(true);
    expect(nestsDeeper('{"a":"[[[[\\"[["}', 1)).toBe(false);
  });
});
