const SIZES = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-12 text-base',
} as const;

/** Initials in a circle, in the surrounding accent colour. Decorative: put the name next to it. */
export function Avatar({ initials, size = 'md' }: { initials: string; size?: keyof typeof SIZES }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-accent-muted font-semibold text-accent-text ${SIZES[size]}`}
    >
      {initials}
    </span>
  );
}
