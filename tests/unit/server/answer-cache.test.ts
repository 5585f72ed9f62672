import { describe, expect, it } from 'vitest';
import { answerCache } from '../../../server/crud/answer-cache';

describe('answer cache', () => {
  it('answers only for the generation it was given, and forgets a stale answer', () => {
    const cache = answerCache<number>(10);
    cache.set('k', 'g1', 5);
    expect(cache.get('k', 'g1')).toBe(5);
    expect(cache.get('k', 'g2')).toBeUndefined();
    expect(cache.get('k', 'g1')).toBeUndefined(); // dropped when found stale
  });
  it('keeps at most its size, dropping the least recently used', () => {
    const cache = answerCache<string>(2);
    cache.set('a', 'g', 'A');
    cache.set('b', 'g', 'B');
    expect(cache.get('a', 'g')).toBe('A'); // a is now the most recent
    cache.set('c', 'g', 'C');
    expect(cache.get('b', 'g')).toBeUndefined();
    expect(cache.get('a', 'g')).toBe('A');
    expect(cache.get('c', 'g')).toBe('C');
  });
});
