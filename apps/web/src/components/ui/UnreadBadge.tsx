/** A small count on an entry (messages waiting); nothing when the count is zero. */
export function UnreadBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" role="status" aria-label={label} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
