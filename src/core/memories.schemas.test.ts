import { describe, expect, it } from 'vitest';
import { ZCreateMemoryRequest, ZStoryItem, memoryTypeFor } from './memories.schemas.ts';

describe('memoryTypeFor: the memory type follows its media', () => {
  it.each([
    [[], 'letter'],
    [['story'], 'letter'],
    [['story', 'story'], 'letter'],
    [['photo'], 'photo_album'],
    [['photo', 'story'], 'photo_album'],
    [['audio'], 'audio'],
    [['photo', 'audio', 'story'], 'audio'],
    [['video'], 'video'],
    [['photo', 'audio', 'video'], 'video'],
    [['story', 'video'], 'video'],
  ] as const)('%j → %s', (kinds, expected) => {
    expect(memoryTypeFor(kinds)).toBe(expected);
  });
});

describe('ZStoryItem', () => {
  it('needs both a title and text for a story', () => {
    expect(ZStoryItem.safeParse({ title: 'A', content: '  ' }).success).toBe(false);
    expect(ZStoryItem.safeParse({ title: '', content: 'Text' }).success).toBe(false);
    expect(ZStoryItem.safeParse({ title: 'A', content: 'Text' }).success).toBe(true);
  });
});

describe('ZCreateMemoryRequest', () => {
  it('needs a title and a real date, and refuses unknown fields', () => {
    expect(ZCreateMemoryRequest.safeParse({ title: 'Summer', date: '2020-07-01' }).success).toBe(true);
    expect(ZCreateMemoryRequest.safeParse({ title: ' ', date: '2020-07-01' }).success).toBe(false);
    expect(ZCreateMemoryRequest.safeParse({ title: 'Summer', date: 'last July' }).success).toBe(false);
    expect(ZCreateMemoryRequest.safeParse({ title: 'Summer', date: '2020-07-01', type: 'video' }).success).toBe(false);
  });
});
