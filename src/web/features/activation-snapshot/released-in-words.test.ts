import { expect, it } from 'vitest';
import { releasedInWords } from './released-in-words.ts';

const of = (...kinds: ('memory' | 'memory_media' | 'document')[]) => kinds.map((kind) => ({ kind }));

it('counts memories and documents as the estate page does: a memory’s files are part of it', () => {
  expect(releasedInWords(of('memory', 'memory_media', 'memory_media', 'memory', 'document'))).toBe('2 memories and 1 document');
  expect(releasedInWords(of('memory', 'memory_media'))).toBe('1 memory');
  expect(releasedInWords(of('document', 'document'))).toBe('2 documents');
  expect(releasedInWords([])).toBe('nothing');
});
