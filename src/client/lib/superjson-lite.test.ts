// The first visit's superjson must read and write what superjson does, and hand anything it does not know to
// superjson itself.
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { parse, parseSimple as parseSimpleState } from './superjson-lite';
import { deserialize, serializeSimple } from './trpc-fetch';

const simple = {
  queries: [
    {
      queryKey: [['blog', 'posts'], { input: { page: 1, search: undefined, category: undefined }, type: 'query' }],
      state: { data: { posts: [{ id: 1, publishedAt: new Date('2026-11-01T10:00:00Z') }] } },
    },
    { queryKey: [['auth', 'me'], { type: 'query' }], state: { data: undefined, dataUpdatedAt: 0 }, promise: undefined },
    { state: { data: [1, undefined, null, new Date(0)] } },
    { state: { data: { 'odd.key': new Date(5), 'back\\slash': undefined, 'both\\.': new Date(6), '': new Date(7) } } },
    { state: { data: { list: [], nested: { deeper: { at: new Date(8) } }, text: 'Date', n: 1.5 } } },
  ],
  mutations: [],
};

describe('parseSimpleState', () => {
  it('restores dates and undefined values exactly as superjson does', () => {
    const text = superjson.stringify(simple);
    const ours = parseSimpleState(text);
    expect(ours).toBeDefined();
    expect(ours!.value).toEqual(superjson.parse(text));
    expect(ours!.value).toStrictEqual(superjson.parse(text));
  });

  it('reads plain JSON, a date at the root and an undefined root', () => {
    for (const value of [{ a: 1, b: [true, 'x'] }, new Date(3), undefined, null, [undefined]]) {
      const text = superjson.stringify(value);
      expect(parseSimpleState(text)!.value).toStrictEqual(superjson.parse(text));
    }
  });

  it('leaves what it does not know to superjson', async () => {
    const error = new Error('Not found', { cause: new Error('inner') });
    const shared = { a: 1 };
    for (const value of [{ m: new Map([[1, new Date(1)]]) }, { s: new Set([1]) }, { e: error }, { x: shared, y: shared }, { n: NaN }, { b: 10n }]) {
      const text = superjson.stringify(value);
      expect(parseSimpleState(text), text).toBeUndefined();
      expect(await parse(text)).toStrictEqual(superjson.parse(text));
    }
    const text = superjson.stringify(simple);
    expect(await parse(text)).toStrictEqual(superjson.parse(text));
  });

  it('refuses paths that reach into prototypes', () => {
    const text = JSON.stringify({ json: {}, meta: { values: { '__proto__.polluted': ['undefined'] }, v: 1 } });
    expect(parseSimpleState(text)).toBeUndefined();
  });
});

describe('serializeSimple', () => {
  it('writes what superjson.serialize writes for plain JSON, dates and undefined values', () => {
    const values = [
      undefined,
      null,
      new Date(9),
      { location: 'MCO', arrivalDate: undefined, departureDate: '2026-12-03', amenities: ['covered'], page: 2, ok: true },
      { nested: { at: new Date(1), list: [undefined, 1, { 'a.b': undefined, 'c\\d': new Date(2), '': 3 }] } },
      [1, 'two', undefined],
      {},
    ];
    for (const value of values) {
      const ours = serializeSimple(value);
      expect(ours, JSON.stringify(value)).toBeDefined();
      expect(JSON.parse(JSON.stringify(ours))).toEqual(JSON.parse(JSON.stringify(superjson.serialize(value))));
      expect(superjson.deserialize(ours as never)).toStrictEqual(value);
    }
  });

  it('gives up on anything else', () => {
    for (const value of [new Map(), { s: new Set() }, { n: NaN }, { z: -0 }, { b: 1n }, { i: Infinity }, new (class X {})(), JSON.parse('{"__proto__": 1}') as unknown]) {
      expect(serializeSimple(value)).toBeUndefined();
    }
  });

  it('deserializes a response the same way, through superjson when it must', async () => {
    for (const value of [{ a: new Date(4), b: undefined }, { m: new Map([[1, 2]]) }]) {
      const wire = JSON.parse(JSON.stringify(superjson.serialize(value))) as never;
      expect(await deserialize(wire)).toStrictEqual(value);
    }
  });
});
