import { WrenchScrewdriverIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';

/** A screen whose content a later change fills in: its real title and one honest line. */
export function BeingBuilt({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="space-y-8">
      <PageHeader title={title} />
      <div className="flex items-start gap-4 rounded-xl border-2 border-dashed border-stone-200 bg-white/60 px-6 py-8">
        <WrenchScrewdriverIcon aria-hidden="true" className="size-6 shrink-0 text-stone-400" />
        <div className="space-y-1 text-stone-600">
          <p>This screen is being built.</p>
          {children}
        </div>
      </div>
    </div>
  );
}
