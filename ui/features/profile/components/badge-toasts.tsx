import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { BadgeDto } from '../../../../domain/contracts/progress';
import { toastAtom, useToast } from '../../../components/ui/toast';
import { readLocal, REGISTERED_KEY } from '../../../lib/device-identity';
import { useLiveTopics } from '../../../lib/live-client';
import { announcedBadgesAtom, badgesQuery, celebratingAtom } from '../../../lib/progress';
import { personalTopic } from '../../../../domain/contracts/topics';

/**
 * Whether a dialog is open. Dialogs are portalled into `body`, so watching its children is
 * enough. A toast shown meanwhile would be the top layer and take the dialog's Escape key.
 */
const useDialogOpen = () => {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () =>
      setOpen(document.querySelector('[role="dialog"], [role="alertdialog"]') !== null);
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    check();
    return () => observer.disconnect();
  }, []);
  return open;
};

/**
 * Says so when a badge arrives (over `me:badges`), on whatever page the person is: mounted
 * once in the layout. Badges held when the list first loads are known, not news. A badge
 * waits for the toast showing (say, 'Response Submitted!') to close rather than replace it, and
 * for an open dialog to close rather than interrupt it; while the celebration after answering
 * shows, that celebration tells of the badges the answer earned, and no toast repeats them.
 */
export const BadgeToasts = () => {
  // Read at every navigation (the layout re-renders), so it follows setup without a reload.
  const registered = readLocal(REGISTERED_KEY) === 'true';
  useLiveTopics(registered ? [personalTopic.publicName('badges')] : []);
  const badges = useQuery({ ...badgesQuery, enabled: registered });
  const showing = useAtomValue(toastAtom);
  const celebrating = useAtomValue(celebratingAtom);
  const announced = useAtomValue(announcedBadgesAtom);
  const dialogOpen = useDialogOpen();
  const { toast } = useToast();
  const known = useRef<Set<string> | null>(null);
  const waiting = useRef<BadgeDto[]>([]);

  useEffect(() => {
    if (!badges.data) {
      // Signed out, or another device now: its badges are a new baseline, not news.
      known.current = null;
      return;
    }
    const before = known.current;
    known.current = new Set(badges.data.map((held) => held.id));
    if (before) waiting.current.push(...badges.data.filter((held) => !before.has(held.id)));
    if (showing || dialogOpen || celebrating) return;
    waiting.current = waiting.current.filter((held) => !announced.has(held.id));
    const next = waiting.current.shift();
    if (next) {
      toast({ title: `Badge earned: ${next.badge.name}`, description: next.badge.description });
    }
  }, [badges.data, showing, dialogOpen, celebrating, announced, toast]);

  return null;
};
