import { describe, expect, it } from 'vitest';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { confirmIdentityAs, injectAs, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners();

describe('revealing secrets', () => {
  it('allows 20 reveals per account in 15 minutes, whatever address they come from, then 429', async () => {
    const asset = await insertDigitalAsset(t.app.deps, owner.estateId!, { name: 'Bank', secrets: { password: 'p', recoveryCodes: '', accessInstructions: '' } });
    await confirmIdentityAs(t, ownerS, { password: owner.password });
    const reveal = (i: number) =>
      injectAs(t, ownerS, 'POST', `/api/v1/digital-assets/${asset.id}/reveal`, undefined, { remoteAddress: `10.9.${i % 200}.1` });
    for (let i = 0; i < 20; i++) expect((await reveal(i)).statusCode, `reveal ${i + 1}`).toBe(200);
    const refused = await reveal(21);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');

    // another account is not held back by this one
    const theirs = await insertDigitalAsset(t.app.deps, other.estateId!, { name: 'Mail', secrets: { password: 'q', recoveryCodes: '', accessInstructions: '' } });
    await confirmIdentityAs(t, otherS, { password: other.password });
    expect((await injectAs(t, otherS, 'POST', `/api/v1/digital-assets/${theirs.id}/reveal`)).statusCode).toBe(200);
  });
});
