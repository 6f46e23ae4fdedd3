import { useEffect, useState } from 'react';
import { UNSAFE_createBrowserHistory, type To } from 'react-router-dom';
import { loadedFromNewVersion } from './offline/app-update';

/**
 * The browser's history for the app's router, with one guard: a page with an unsaved change
 * may hold a navigation (a link, navigate(), back or forward) until the person decides. React
 * Router's own blocker needs its data router, twice the code of the declarative one the app
 * uses; this is the part of it Boon needs.
 */
type BaseHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Listener = Parameters<BaseHistory['listen']>[0];

/** A navigation held by the guard: carried out, or dropped. */
export type HeldNavigation = { proceed: () => void; reset: () => void };

type Guard = { holds: (nextPath: string) => boolean; onHold: (held: HeldNavigation) => void };
let guard: Guard | null = null;

const pathnameOf = (to: To) =>
  typeof to === 'string'
    ? new URL(to, window.location.href).pathname
    : (to.pathname ?? window.location.pathname);

/**
 * The key of the entry a visit started on. It is 'default' for a fresh visit, but a reload (or
 * the browser opening the same address again) keeps the entry's state, and with it the key a
 * client-side navigation gave it.
 */
let visitStartKey = 'default';

/** Whether a location is the one this visit started on (shown at once, without a transition). */
export const isVisitStart = (key: string) => key === visitStartKey;

export const createGuardedHistory = () => {
  const base = UNSAFE_createBrowserHistory({ v5Compat: true });
  visitStartKey = base.location.key;
  /** The history move the guard itself makes (undoing a held back/forward, or carrying it out). */
  let ownMove: 'undo' | 'redo' | null = null;

  const guarded = (to: To, navigate: () => void) => {
    // With a new version of the app waiting, the next page is loaded afresh from it.
    const go = () => {
      if (!loadedFromNewVersion(base.createHref(to))) navigate();
    };
    const held = guard;
    if (!held?.holds(pathnameOf(to))) return go();
    held.onHold({ proceed: go, reset: () => undefined });
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to: To) => base.createHref(to),
    createURL: (to: To) => base.createURL(to),
    encodeLocation: (to: To) => base.encodeLocation(to),
    push: (to: To, state?: unknown) => guarded(to, () => base.push(to, state)),
    replace: (to: To, state?: unknown) => guarded(to, () => base.replace(to, state)),
    go: (delta: number) => base.go(delta),
    listen: (listener: Listener) =>
      base.listen((update) => {
        if (update.action !== 'POP') return listener(update);
        if (ownMove === 'undo') {
          ownMove = null;
          return;
        }
        if (ownMove === 'redo') {
          ownMove = null;
          return listener(update);
        }
        const held = guard;
        const { delta } = update;
        if (!delta || !held?.holds(update.location.pathname)) return listener(update);
        // Back or forward already moved the address: put it back, and ask.
        ownMove = 'undo';
        base.go(-delta);
        held.onHold({
          proceed: () => {
            ownMove = 'redo';
            base.go(delta);
          },
          reset: () => undefined,
        });
      }),
  };
};

/**
 * While `dirty`, a navigation to another page is held: answers it (to show a question with
 * proceed and reset), or null. One guard at a time (the page being left).
 */
export const useNavigationGuard = (dirty: boolean): HeldNavigation | null => {
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  useEffect(() => {
    if (!dirty) return;
    // The page's own address, kept: on back or forward the browser has already moved
    // window.location by the time the guard is asked.
    const guardedPath = window.location.pathname;
    const mine: Guard = {
      holds: (nextPath) => nextPath !== guardedPath,
      onHold: (navigation) =>
        setHeld({
          proceed: () => {
            setHeld(null);
            guard = null;
            navigation.proceed();
          },
          reset: () => setHeld(null),
        }),
    };
    guard = mine;
    return () => {
      if (guard === mine) guard = null;
    };
  }, [dirty]);
  return held;
};
