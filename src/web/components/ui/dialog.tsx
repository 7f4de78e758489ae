import {
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
  Dialog as HeadlessDialog,
} from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { motionClasses, motionStyle } from './motion.ts';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel and the main action). */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** 'alertdialog' for an urgent question that needs an answer (e.g. the session timeout warning). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The one modal dialog: title, close button, focus trapped inside, Escape and backdrop close it,
 * 300 ms in / 200 ms out.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', role = 'dialog' }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} role={role} className="relative z-50" style={motionStyle}>
      <DialogBackdrop transition className={`fixed inset-0 bg-stone-900/50 data-closed:opacity-0 ${motionClasses}`} />
      <div className="fixed inset-0 z-10 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className={`relative w-full rounded-xl bg-white text-left shadow-xl ring-1 ring-stone-200 data-closed:translate-y-4 data-closed:opacity-0 sm:data-closed:translate-y-0 sm:data-closed:scale-95 ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'} ${motionClasses}`}
          >
            <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
              <div>
                <DialogTitle className="text-lg font-semibold text-stone-900">{title}</DialogTitle>
                {description && <Description className="mt-1 text-sm text-stone-600">{description}</Description>}
              </div>
              <button
                type="button"
                onClick={onClose}
                className="-m-2 rounded-lg p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-700"
              >
                <span className="sr-only">Close</span>
                <XMarkIcon aria-hidden="true" className="size-6" />
              </button>
            </div>
            {children && <div className="px-5 py-5 sm:px-6">{children}</div>}
            {footer && (
              <div className="flex flex-col-reverse gap-3 border-t border-stone-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
                {footer}
              </div>
            )}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
