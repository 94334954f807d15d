import { describe, expect, it } from 'vitest';
import { FetchHeaders } from './fetch-headers.js';
import { nodeFetchClasses } from './node-fetch-classes.js';
import { outcomeOf } from './testing/compare-with-node.js';

type AnyHeaders = Headers | FetchHeaders;
type Make = (init?: unknown) => AnyHeaders;

const ours: Make = (init) => new FetchHeaders(init as ConstructorParameters<typeof FetchHeaders>[0]);
const nodes: Make = (init) =>
  new (nodeFetchClasses().Headers)(init as ConstructorParameters<typeof Headers>[0]);

/** Runs `operation` against Node's own Headers and ours, and expects the same outcome. */
async function expectSameAsNode(operation: (make: Make) => unknown): Promise<void> {
  expect(await outcomeOf(() => operation(ours))).toEqual(await outcomeOf(() => operation(nodes)));
}

const entries = (headers: AnyHeaders) => [...headers];

describe('FetchHeaders behaves as Node’s own Headers', () => {
  it.each([
    ['a record', { 'Content-Type': 'application/json', 'X-Api-Key': 'k' }],
    [
      'name/value pairs',
      [
        ['a', '1'],
        ['A', '2'],
        ['b', '3'],
      ],
    ],
    ['values of other types, made strings', { a: 1, b: null, c: undefined, d: true }],
    ['values with edge whitespace, trimmed', { a: ' \t x y \r\n' }],
    ['Latin-1 values', { a: 'é\u00ff' }],
    ['nothing', undefined],
  ])('is built from %s', async (_name, init) => {
    await expectSameAsNode((make) => entries(make(init)));
  });

  it.each([
    ['a name with a space', { 'a b': 'x' }],
    ['an empty name', { '': 'x' }],
    ['a value with a line feed', { a: 'x\ny' }],
    ['a value with a carriage return', { a: 'x\ry' }],
    ['a value with a NUL', { a: 'x\0y' }],
    ['a value beyond Latin-1', { a: 'x\u0100' }],
    ['a pair of three', [['a', 'b', 'c']]],
    ['a pair that is not iterable', [5]],
    ['a string', 'abc'],
    ['null', null],
  ])('refuses %s in the same words', async (_name, init) => {
    await expectSameAsNode((make) => make(init));
  });

  it('joins repeated fields with ", " and keeps every Set-Cookie apart', async () => {
    await expectSameAsNode((make) => {
      const headers = make();
      headers.append('Set-Cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      headers.append('B', '1');
      headers.append('b', '2');
      headers.append('A', 'z');
      return [entries(headers), headers.get('set-cookie'), headers.getSetCookie(), headers.get('b')];
    });
  });

  it('answers get, has and delete case-insensitively, and set replaces', async () => {
    await expectSameAsNode((make) => {
      const headers = make({ 'X-One': '1', 'x-two': '2' });
      headers.set('x-ONE', 'one');
      headers.delete('X-TWO');
      return [
        headers.get('x-one'),
        headers.has('X-One'),
        headers.has('x-two'),
        headers.get('missing'),
        entries(headers),
      ];
    });
  });

  it.each([
    ['get with no argument', (headers: AnyHeaders) => (headers.get as () => unknown)()],
    ['append with one argument', (headers: AnyHeaders) => (headers.append as (name: string) => unknown)('a')],
    ['set with none', (headers: AnyHeaders) => (headers.set as () => unknown)()],
    ['get of an invalid name', (headers: AnyHeaders) => headers.get('a b')],
    ['has of an invalid name', (headers: AnyHeaders) => headers.has('a b')],
    ['delete of an invalid name', (headers: AnyHeaders) => headers.delete('a b')],
    ['set of an invalid value', (headers: AnyHeaders) => headers.set('a', 'x\n')],
    [
      'forEach without a function',
      (headers: AnyHeaders) => (headers.forEach as (value: unknown) => unknown)(1),
    ],
  ])('refuses %s in the same words', async (_name, operation) => {
    await expectSameAsNode((make) => operation(make()));
  });

  it('iterates sorted by lower-cased name, through every iterator and forEach', async () => {
    await expectSameAsNode((make) => {
      const headers = make([
        ['Zeta', '1'],
        ['alpha', '2'],
        ['Mid', '3'],
      ]);
      const seen: unknown[] = [];
      headers.forEach(function (this: unknown, value, name, self) {
        seen.push([value, name, self === headers, this]);
      }, 'context');
      return [[...headers.keys()], [...headers.values()], [...headers.entries()], seen];
    });
  });

  it('is built from another Headers, ours or Node’s', async () => {
    const source = new FetchHeaders({ 'X-A': '1' });
    expect(entries(new FetchHeaders(source))).toEqual([['x-a', '1']]);
    expect(entries(new FetchHeaders(nodes({ 'X-B': '2' }) as Headers))).toEqual([['x-b', '2']]);
    expect(entries(nodes(source))).toEqual([['x-a', '1']]);
  });

  it('says it is a Headers, and Node’s own Headers count as instances of it', async () => {
    expect(Object.prototype.toString.call(new FetchHeaders())).toBe('[object Headers]');
    expect(nodes()).toBeInstanceOf(FetchHeaders);
    expect({}).not.toBeInstanceOf(FetchHeaders);
  });
});
