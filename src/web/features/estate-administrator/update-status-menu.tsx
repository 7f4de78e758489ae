import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDownIcon } from '@heroicons/react/24/outline';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { nextStatus, type EstateEvent, type EstateStatus } from '../../../core/lifecycle.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { motionClasses } from '../../components/ui/motion.ts';
import { TRANSITION_ACTIONS } from './transition.tsx';

const itemClasses =
  'flex w-full flex-col items-start px-4 py-2 text-left text-sm text-stone-700 data-disabled:cursor-default data-focus:bg-stone-100 data-focus:text-stone-900 data-focus:outline-none';

/** Update Status: only the transitions the server allows now, each naming where it leads. */
export function UpdateStatusMenu({ status, allowedEvents, onChoose }: { status: EstateStatus; allowedEvents: EstateEvent[]; onChoose: (event: EstateEvent) => void }) {
  return (
    <Menu>
      <MenuButton className={buttonClasses('primary')}>
        Update Status
        <ChevronDownIcon aria-hidden="true" className="size-4" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className={`z-40 mt-2 w-72 origin-top-right rounded-xl bg-white py-2 shadow-lg ring-1 ring-stone-900/10 focus:outline-none data-closed:scale-95 data-closed:opacity-0 ${motionClasses}`}
      >
        {allowedEvents.length === 0 ? (
          <MenuItem disabled>
            <span className={itemClasses}>No status change is possible now.</span>
          </MenuItem>
        ) : (
          allowedEvents.map((event) => {
            const move = nextStatus(status, event);
            return (
              <MenuItem key={event}>
                <button type="button" className={itemClasses} onClick={() => onChoose(event)}>
                  <span className="font-medium text-stone-900">{TRANSITION_ACTIONS[event].label}</span>
                  {move.ok && <span className="text-stone-600">to {ESTATE_STATUS_LABELS[move.to]}</span>}
                </button>
              </MenuItem>
            );
          })
        )}
      </MenuItems>
    </Menu>
  );
}
