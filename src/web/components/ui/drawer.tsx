import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { motionClasses, motionStyle } from './motion.ts';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name of the drawer (visually hidden). */
  title: string;
  children: ReactNode;
}

/** A slide-over panel from the left (the persona sidebar on small screens): 300 ms in, 200 ms out. */
export function Drawer({ open, onClose, title, children }: DrawerProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50" style={motionStyle}>
      <DialogBackdrop transition className={`fixed inset-0 bg-stone-900/60 data-closed:opacity-0 ${motionClasses}`} />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className={`relative mr-16 flex w-full max-w-xs flex-1 data-closed:-translate-x-full ${motionClasses}`}
        >
          <DialogTitle className="sr-only">{title}</DialogTitle>
          <div className="absolute top-0 left-full flex w-16 justify-center pt-5">
            <button type="button" onClick={onClose} className="-m-2.5 rounded-lg p-2.5 focus-visible:outline-white">
              <span className="sr-only">Close menu</span>
              <XMarkIcon aria-hidden="true" className="size-6 text-white" />
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
