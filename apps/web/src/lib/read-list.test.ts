import { describe, expect, it } from 'vitest';
import { readList } from './read-list.ts';

describe('tolerant list reading', () => {
  it.each([
    ['body as array', [1, 2]],
    ['data as array', { data: [1, 2] }],
    ['data.items', { data: { items: [1, 2] } }],
    ['data.data as array', { data: { data: [1, 2] } }],
    ['items inside data.data', { data: { data: { items: [1, 2] } } }],
  ])('reads %s', (_shape, body) => {
    expect(readList(body)).toEqual([1, 2]);
  });

  it.each([null, 'text', { data: null }, { data: { nothing: true } }])(
    'gives an empty list for %j',
    (body) => {
      expect(readList(body)).toEqual([]);
    },
  );
});
