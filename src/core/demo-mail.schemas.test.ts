import { describe, expect, it } from 'vitest';
import { linkify } from './demo-mail.schemas.ts';

describe('linkify', () => {
  it('cuts web links out of text, leaving trailing punctuation and everything else as text', () => {
    expect(linkify('Open https://a.test/invitations/x?book=consultation. Or <b>not</b> javascript:alert(1)')).toEqual([
      { text: 'Open ' },
      { text: 'https://a.test/invitations/x?book=consultation', href: 'https://a.test/invitations/x?book=consultation' },
      { text: '. Or <b>not</b> javascript:alert(1)' },
    ]);
  });
});
