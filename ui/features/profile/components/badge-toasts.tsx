import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/ui/toast';
import { useBadges } from '../api/badges';

/** Says so when a badge arrives (over `me:badges`) while the page is open. */
export const BadgeToasts = () => {
  const badges = useBadges();
  const { toast } = useToast();
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!badges.data) return;
    const ids = new Set(badges.data.map((held) => held.id));
    const before = known.current;
    known.current = ids;
    if (!before) return;
    const earned = badges.data.find((held) => !before.has(held.id));
    if (earned)
      toast({ title: `Badge earned: ${earned.badge.name}`, description: earned.badge.description });
  }, [badges.data, toast]);
  return null;
};
