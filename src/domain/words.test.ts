import { describe, expect, it } from 'vitest';
import { listWords } from './words';

describe('listWords', () => {
  it('lists none, one, two and more as a sentence does', () => {
    expect([[], ['Bruno'], ['Bruno', 'Coco'], ['Bruno', 'Coco', 'Max']].map(listWords)).toEqual(['', 'Bruno', 'Bruno and Coco', 'Bruno, Coco and Max']);
  });
});
