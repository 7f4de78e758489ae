import { describe, expect, it } from 'vitest';
import { ZCreateDigitalAssetRequest, digitalAssetIcon } from './digital-assets.schemas.ts';

describe('digitalAssetIcon (wireframe: the icon depends on which fields exist)', () => {
  it('prefers institution, then username, then size, then a default', () => {
    expect(digitalAssetIcon({ institution: 'Chase', username: 'm.ellis', size: '2 GB' })).toBe('institution');
    expect(digitalAssetIcon({ username: 'm.ellis', size: '2 GB' })).toBe('account');
    expect(digitalAssetIcon({ size: '2 GB' })).toBe('storage');
    expect(digitalAssetIcon({})).toBe('default');
  });
  it('treats blank and null fields as absent', () => {
    expect(digitalAssetIcon({ institution: '  ', username: null, size: '' })).toBe('default');
  });
});

describe('ZCreateDigitalAssetRequest', () => {
  it('turns blank optional fields into null and refuses non-web URLs', () => {
    const parsed = ZCreateDigitalAssetRequest.parse({ name: 'Email', institution: ' ', url: '' });
    expect(parsed).toMatchObject({ name: 'Email', institution: null, url: null, status: 'Active' });
    expect(ZCreateDigitalAssetRequest.safeParse({ name: 'x', url: 'javascript:alert(1)' }).success).toBe(false);
  });
});
