import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { DisabledWhenFrozen } from '../../components/ui/estate-frozen.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { estateSealApi } from '../../features/estate-seal/api.ts';
import { SealSetup } from '../../features/estate-seal/seal-setup.tsx';
import { SealStatus } from '../../features/estate-seal/seal-status.tsx';
import { useSignedInSession } from '../../layouts/persona-layout.tsx';

export async function loader(): Promise<{ seal: TEstateSeal }> {
  return { seal: await estateSealApi.get() };
}

/** Sealing (issue 27): the estate's seal, made in this browser, and the kits that open it. */
export function Component() {
  const { seal: loaded } = useLoaderData<typeof loader>();
  const [data, setData] = useState(loaded);
  const { user } = useSignedInSession();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Sealing"
        description="What you seal can be opened only by your trustees together, with the kits you give them, after your passing has been confirmed and checked. Not even Heirloom's staff can read it."
      />
      {data.seal ? (
        <Card title="Your seal" description="The lock on your sealed items, and the trustees who hold its kits.">
          <DisabledWhenFrozen>
            <SealStatus data={data} ownerName={user.name} onChanged={setData} />
          </DisabledWhenFrozen>
        </Card>
      ) : (
        <Card title="Make your seal" description="Once, in this browser. It takes a minute, and a printer or somewhere to save files.">
          {data.cannotSeal && (
            <div className="mb-4">
              <Alert tone="info">
                {data.cannotSeal}{' '}
                <Link to="/estate-owner/settings" className="font-semibold underline">
                  Go to Account Settings
                </Link>
              </Alert>
            </div>
          )}
          <DisabledWhenFrozen>
            <SealSetup data={data} ownerName={user.name} onMade={setData} />
          </DisabledWhenFrozen>
        </Card>
      )}
    </div>
  );
}
