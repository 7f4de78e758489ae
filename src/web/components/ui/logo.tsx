/** The Heirloom mark and name. `name` is the system name from the session (admin-configurable). */
export function Logo({ name = 'Heirloom', className = '' }: { name?: string; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`.trim()}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-accent-solid" />
        <path d="M16 24s-7-4.3-7-9.5A3.9 3.9 0 0 1 16 12a3.9 3.9 0 0 1 7 2.5C23 19.7 16 24 16 24z" fill="white" />
      </svg>
      <span className="truncate text-lg font-semibold tracking-tight text-stone-900">{name}</span>
    </span>
  );
}
