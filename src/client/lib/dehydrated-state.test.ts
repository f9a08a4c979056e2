// The first-visit reader of the server's state must restore what superjson.parse restores, and hand anything
// it does not know to superjson.
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { parseSimpleState, parseState } from './dehydrated-state';

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
      expect(await parseState(text)).toStrictEqual(superjson.parse(text));
    }
    const text = superjson.stringify(simple);
    expect(await parseState(text)).toStrictEqual(superjson.parse(text));
  });

  it('refuses paths that reach into prototypes', () => {
    const text = JSON.stringify({ json: {}, meta: { values: { '__proto__.polluted': ['undefined'] }, v: 1 } });
    expect(parseSimpleState(text)).toBeUndefined();
  });
});
