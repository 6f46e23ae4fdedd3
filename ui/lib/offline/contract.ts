/**
 * What the page and the service worker (ui/sw/) agree on. Nothing here touches the DOM or the
 * worker's globals: both builds import it.
 */

/** The reads kept for offline, one cache for all of them (bounded, see ui/sw/api-cache.ts). */
export const API_CACHE = 'boon-api-v1';

/**
 * The API reads a person sees again offline, from what they last saw: today's question, a
 * discussion's first page (their own answer comes first in it) and its threads' first pages,
 * their archive (the past questions' titles before today is answered, which they answered
 * after), profile, streak, badges and journal. Only first pages: a list's later pages
 * and everything else (admin, Mini, chat, sentiment) say "Can't reach Boon" offline. Not
 * whether today is answered: a copy from before the answer would tell Home it is not (Home
 * goes by this browser's own record of the answer when Boon cannot say).
 */
export const OFFLINE_READS: readonly RegExp[] = [
  /^\/api\/question\/(today|[1-9]\d{0,8})$/,
  /^\/api\/responses\/[1-9]\d{0,8}$/,
  /^\/api\/replies\/[\w-]{1,100}$/,
  /^\/api\/user\/echo-usage$/,
  /^\/api\/hasResponded\/[1-9]\d{0,8}$/,
  /^\/api\/(archive\/questions|archive\/titles|archive\/responses|journey\/questions)$/,
  /^\/api\/user\/response-status$/,
  /^\/api\/user\/(profile\/me|activity-summary\/me|streak|badges|bio)$/,
  /^\/api\/(journal|journal\/on-this-day|device\/me\/pseudonym)$/,
];

/**
 * Refusals kept as answers: the archive's 403 (today not answered yet) is what the person last
 * saw there, so offline the archive shows its gate and the past titles beneath it again, not
 * "Can't reach Boon". Every other read is kept only when it succeeded.
 */
export const KEPT_REFUSALS: readonly RegExp[] = [/^\/api\/archive\/questions$/];

export const isKeptRefusal = (url: URL, status: number) =>
  status === 403 && KEPT_REFUSALS.some((pattern) => pattern.test(url.pathname));

export const isOfflineRead = (url: URL) =>
  url.search === '' && OFFLINE_READS.some((pattern) => pattern.test(url.pathname));

/**
 * On an answer the service worker served from its cache (the network failed): when it was
 * fetched, as an ISO time. The page says "as of" that time.
 */
export const CACHED_AT_HEADER = 'X-Boon-Cached-At';

/** Messages the page sends the service worker. */
export type WorkerMessage =
  /** Take over now: the page is about to load the next page from the new version. */
  | { type: 'take-update' }
  /** Forget every cached read (sign-out, sign-in, erasure): the next person sees nothing of this one. */
  | { type: 'forget-reads' };

/** The IndexedDB database the writes made offline wait in (./outbox-store.ts). */
export const OUTBOX_DB = 'boon-outbox';

/** The Background Sync tag for sending the writes that wait (ui/lib/offline/outbox-send.ts). */
export const OUTBOX_SYNC_TAG = 'boon-outbox';

/** Pages and the worker tell each other the outbox changed (written, sent, refused). */
export const OUTBOX_CHANNEL = 'boon-outbox';
