/** "Active" once they accepted their invitation; "Invitation pending" until then. */
export function MemberStatusBadge({ status }: { status: 'invited' | 'active' }) {
  const classes = status === 'active' ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${classes}`}>
      {status === 'active' ? 'Active' : 'Invitation pending'}
    </span>
  );
}
