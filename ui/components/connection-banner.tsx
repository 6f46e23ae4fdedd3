import { CloudUpload, RefreshCw, WifiOff } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrowserValue } from '../lib/hydration';
import { asOfText, useShownAsOf } from '../lib/offline/as-of';
import { justUpdated } from '../lib/offline/app-update';
import { useOutbox } from '../lib/offline/outbox';
import { useOnline } from './unreachable';
import { lazyComponent } from '../lib/lazy-component';

/** Its code only once Boon has refused something that waited: most visits never need it. */
const NotSent = lazyComponent(() =>
  import('./not-sent').then((module) => ({ default: module.NotSent })),
).Component;

const actions = (n: number) => `${n} ${n === 1 ? 'action' : 'actions'}`;

/** "Updated": said for a few seconds on the first page of a new version of the app. */
const useUpdatedNote = () => {
  const updated = useBrowserValue(justUpdated, false);
  const [said, setSaid] = useState(false);
  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => setSaid(true), 6000);
    return () => clearTimeout(timer);
  }, [updated]);
  return updated && !said;
};

/**
 * Back online after showing what was kept: every query on the page is asked for again, so the
 * page is Boon's answer now (a kept answer fetched a moment ago counts as fresh to the cache).
 */
const useFreshOnReconnect = (online: boolean, showingKept: boolean) => {
  const client = useQueryClient();
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      if (showingKept) void client.invalidateQueries();
    }
  }, [online, showingKept, client]);
  // Online, yet still showing what was kept: Boon was out of reach (restarting, or the network
  // came a moment after the 'online' event). No event says when it is back, so the page asks
  // again, waiting twice as long each time (2 s up to 30 s), until Boon answers.
  useEffect(() => {
    if (!online || !showingKept) return;
    let delay = 2_000;
    let timer: ReturnType<typeof setTimeout>;
    const again = () => {
      timer = setTimeout(() => {
        void client.invalidateQueries();
        delay = Math.min(30_000, delay * 2);
        again();
      }, delay);
    };
    again();
    return () => clearTimeout(timer);
  }, [online, showingKept, client]);
};

const Line = ({
  Icon,
  tone = 'caution',
  children,
}: {
  Icon: typeof WifiOff;
  tone?: 'caution' | 'accent';
  children: string;
}) => (
  <div
    role="status"
    data-connection-banner
    className={`sticky top-0 z-40 border-b border-line text-small text-ink ${tone === 'caution' ? 'bg-caution-soft' : 'bg-accent-soft'}`}
  >
    <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
      <Icon
        aria-hidden="true"
        className={`size-4 shrink-0 ${tone === 'caution' ? 'text-caution-ink' : 'text-accent-ink'}`}
      />
      {children}
    </p>
  </div>
);

/**
 * Says, at the top of every page, that the device is offline, what waits to be sent (an
 * answer, an echo, a reply, a journal entry: kept and sent on reconnecting, see
 * ui/lib/offline/outbox.ts), and when what the page shows was fetched, when it came from what
 * was kept for offline. Once back, it says so while the waiting actions are sent, then goes.
 * Below it, anything Boon refused once it could be sent, with the person's text.
 */
export const ConnectionBanner = () => {
  const online = useOnline();
  const writes = useOutbox();
  const { pathname } = useLocation();
  const asOf = useShownAsOf(pathname);
  const updated = useUpdatedNote();
  useFreshOnReconnect(online, asOf !== null);
  const waiting = writes.filter((write) => write.status === 'waiting').length;
  const refused = writes.filter((write) => write.status === 'refused');
  const shown = asOf ? ` Showing what you last saw, ${asOfText(asOf)}.` : '';
  const line = !online
    ? waiting > 0
      ? `You’re offline. ${actions(waiting)} will be sent when you’re back.${shown}`
      : `You’re offline. What you do here waits and is sent when you’re back.${shown}`
    : waiting > 0
      ? `Back online: sending ${actions(waiting)}…`
      : asOf
        ? `Boon can’t be reached right now. Showing what you last saw, ${asOfText(asOf)}.`
        : null;
  return (
    <>
      {line ? (
        <Line Icon={online ? CloudUpload : WifiOff}>{line}</Line>
      ) : (
        updated && (
          <Line Icon={RefreshCw} tone="accent">
            Updated: this is the newest version of Boon.
          </Line>
        )
      )}
      {refused.length > 0 && (
        <Suspense fallback={null}>
          <NotSent writes={refused} />
        </Suspense>
      )}
    </>
  );
};
