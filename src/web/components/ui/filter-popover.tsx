import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { FunnelIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { buttonClasses } from './button.tsx';
import { motionClasses } from './motion.ts';

/**
 * The "Filter" button of a list: opens a small panel of filter controls (selects, radios).
 * `active` counts the filters in use and shows it on the button.
 */
export function FilterPopover({ active = 0, children, label = 'Filter' }: { active?: number; children: ReactNode; label?: string }) {
  return (
    <Popover className="relative">
      <PopoverButton className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
        <FunnelIcon aria-hidden="true" className="size-5 text-stone-500" />
        {label}
        {active > 0 && (
          <span className="rounded-full bg-accent-solid px-2 py-0.5 text-xs font-semibold text-white">
            {active}
            <span className="sr-only"> active</span>
          </span>
        )}
      </PopoverButton>
      {/* Rendered in place (not in a portal) and kept mounted while closed, so its controls stay in the surrounding form. */}
      <PopoverPanel
        unmount={false}
        transition
        className={`absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] origin-top-right space-y-4 rounded-xl bg-white p-4 shadow-lg ring-1 ring-stone-900/10 focus:outline-none data-closed:scale-95 data-closed:opacity-0 ${motionClasses}`}
      >
        {children}
      </PopoverPanel>
    </Popover>
  );
}
