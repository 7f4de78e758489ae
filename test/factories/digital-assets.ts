import { faker } from '@faker-js/faker';
import type { TDigitalAssetSecrets } from '../../src/core/digital-assets.schemas.ts';
import type { Deps } from '../../src/server/context.ts';
import { digitalAssets } from '../../src/server/db/schema/digital-assets.ts';
import { emptySecrets, sealSecrets } from '../../src/server/views/digital-asset-view.ts';

type AssetInsert = typeof digitalAssets.$inferInsert;

export function buildDigitalAsset(estateId: string, overrides: Partial<AssetInsert> = {}): AssetInsert {
  return {
    estateId,
    name: `${faker.company.name()} account`,
    institution: null,
    username: faker.internet.username(),
    platform: faker.helpers.arrayElement(['Email', 'Social media', 'Online banking', 'Cloud storage']),
    status: 'Active',
    ...overrides,
  };
}

/** An asset; `secrets` are sealed exactly as the API seals them. */
export async function insertDigitalAsset(
  deps: Pick<Deps, 'db' | 'secrets'>,
  estateId: string,
  overrides: Partial<AssetInsert> & { secrets?: TDigitalAssetSecrets } = {},
) {
  const { secrets, ...fields } = overrides;
  const [row] = await deps.db
    .insert(digitalAssets)
    .values(buildDigitalAsset(estateId, { ...fields, secretsEnc: secrets ? sealSecrets(deps, { ...emptySecrets(), ...secrets }) : null }))
    .returning();
  return row!;
}
