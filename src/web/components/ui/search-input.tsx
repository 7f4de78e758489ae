import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import type { InputHTMLAttributes } from 'react';
import { controlClasses } from './field.tsx';

/** A search box with a visually hidden label (the label is still its accessible name). */
export function SearchInput({ label, className = '', ...input }: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <div className={`relative min-w-0 flex-1 ${className}`.trim()}>
      <label className="sr-only" htmlFor={input.id ?? input.name}>
        {label}
      </label>
      <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400" />
      <input type="search" id={input.id ?? input.name} placeholder={label} {...input} className={`${controlClasses} pl-10`} />
    </div>
  );
}
