import { useSystemName } from '../../lib/system-name.ts';

/** The Heirloom mark and the system name (admin-configurable; the session's unless `name` is given). */
export function Logo({ name, className = '' }: { name?: string; className?: string }) {
  const systemName = useSystemName();
  name ??= systemName;
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
