import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { SEAL_PROMISE } from '../../../core/seal/seal-words.ts';
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
        description="What you seal is locked in this browser before it is sent. Only the kits you give your trustees open it, enough of them together."
      />
      <section aria-labelledby="seal-promise-heading" className="rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200">
        <h2 id="seal-promise-heading" className="font-semibold text-stone-900">
          Who can read what you seal
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>
            <span className="font-medium text-stone-900">Before: </span>
            {SEAL_PROMISE.before}
          </li>
          <li>
            <span className="font-medium text-stone-900">After: </span>
            {SEAL_PROMISE.after}
          </li>
          <li>{SEAL_PROMISE.together}</li>
        </ul>
      </section>
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
