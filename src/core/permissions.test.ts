import { describe, expect, it } from 'vitest';
import { can, ROLE_PERMISSIONS } from './permissions.ts';
import { ROLES } from './roles.ts';

describe('can', () => {
  it('grants an owner their own vault and refuses them platform administration', () => {
    expect(can(['estate-owner'], 'create:memory:own')).toBe(true);
    expect(can(['estate-owner'], 'read:user:any')).toBe(false);
  });

  it('lets a beneficiary read shared content but never write an owner vault', () => {
    expect(can(['beneficiary'], 'read:shared-content:own')).toBe(true);
    expect(can(['beneficiary'], 'create:memory:own')).toBe(false);
    expect(can(['beneficiary'], 'read:document:own')).toBe(false);
  });

  it('keeps admins out of vault contents (PRODUCT.md §4)', () => {
    for (const entity of ['memory', 'document', 'digital-asset', 'future-message', 'shared-content'] as const) {
      expect(can(['admin'], `read:${entity}:own`)).toBe(false);
      expect(can(['admin'], `read:${entity}:any`)).toBe(false);
    }
  });

  it('gives an account with several roles the union of them', () => {
    expect(can(['beneficiary', 'estate-owner'], 'read:shared-content:own')).toBe(true);
    expect(can(['beneficiary', 'estate-owner'], 'create:memory:own')).toBe(true);
  });

  it('grants nothing without a role', () => {
    expect(can([], 'read:account:own')).toBe(false);
  });

  it('lets every role send feedback and only admins read it or the platform reports', () => {
    for (const role of ROLES) {
      expect(can([role], 'create:feedback:own')).toBe(true);
      expect(can([role], 'read:feedback:any')).toBe(role === 'admin');
      expect(can([role], 'read:report:any')).toBe(role === 'admin');
    }
  });

  it('has a permission list for every role', () => {
    for (const role of ROLES) expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(0);
  });
});
