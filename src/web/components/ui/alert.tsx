import { CheckCircleIcon, ExclamationCircleIcon, ExclamationTriangleIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';

const TONES = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: ExclamationCircleIcon, iconClass: 'text-red-600' },
  info: { box: 'bg-sky-50 text-sky-900 ring-sky-200', icon: InformationCircleIcon, iconClass: 'text-sky-700' },
  success: { box: 'bg-green-50 text-green-900 ring-green-200', icon: CheckCircleIcon, iconClass: 'text-green-700' },
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: ExclamationTriangleIcon, iconClass: 'text-amber-700' },
} as const;

/** A short message box. Errors are announced (role="alert"); info, success and warnings politely (role="status"). */
export function Alert({ tone = 'info', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  const { box, icon: Icon, iconClass } = TONES[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-lg p-4 text-sm ring-1 ring-inset ${box}`}>
      <Icon aria-hidden="true" className={`size-5 shrink-0 ${iconClass}`} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
