import * as ToastPrimitive from '@radix-ui/react-toast';
import { useAtom } from 'jotai';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { cx } from './cx';
import { toastAtom } from './toast';
import { choosePlacement, type Placement } from './toast-placement';

/** Keeps the toast clear of text boxes and the bottom sheet while it shows. */
const usePlacement = (toastId: number | null, pathname: string) => {
  const ref = useRef<HTMLLIElement>(null);
  const [placement, setPlacement] = useState<Placement>({ edge: 'top', offset: 8 });
  useLayoutEffect(() => {
    if (toastId === null) return;
    let frame = 0;
    const update = () => {
      const next = choosePlacement(ref.current?.getBoundingClientRect().height ?? 96);
      setPlacement((was) => (was.edge === next.edge && was.offset === next.offset ? was : next));
    };
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    document.addEventListener('focusin', place);
    // A toast raised just before moving on (a welcome) outlives the page it was placed on: the
    // next page's text boxes arrive without a scroll or a window resize, but the page's size
    // changes as they do.
    const sizes = new ResizeObserver(place);
    sizes.observe(document.body);
    return () => {
      sizes.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      document.removeEventListener('focusin', place);
    };
  }, [toastId, pathname, ref]);
  return { ref, placement };
};

export const Toaster = () => {
  const [current, set] = useAtom(toastAtom);
  const { pathname } = useLocation();
  const { ref, placement } = usePlacement(current?.id ?? null, pathname);
  // An error speaks of the page whose action failed: it leaves with that page. Other toasts
  // (a welcome, 'Logged out') are raised just before moving on, and travel with the person.
  const stale = current?.variant === 'destructive' && current.path !== pathname;
  useEffect(() => {
    if (stale) set(null);
  }, [stale, set]);
  const destructive = current?.variant === 'destructive';
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    <ToastPrimitive.Provider duration={5000} swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          ref={ref}
          duration={current.duration ?? 5000}
          onOpenChange={(open) => {
            if (!open) set(null);
          }}
          className={cx(
            'relative flex gap-3 rounded-lg border bg-surface p-4 pr-12 text-ink shadow-overlay sheet-up',
            destructive ? 'border-danger' : 'border-line',
          )}
        >
          <Icon
            aria-hidden="true"
            className={cx(
              'mt-0.5 size-5 shrink-0',
              destructive ? 'text-danger-ink' : 'text-accent-ink',
            )}
          />
          <div className="min-w-0">
            <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="mt-0.5 text-small text-ink-muted">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-md text-ink-muted hover:bg-surface-sunken"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        style={{
          [placement.edge]: `calc(${placement.offset}px + env(safe-area-inset-${placement.edge}))`,
        }}
        className="fixed right-0 z-[60] flex w-full max-w-[420px] flex-col gap-2 px-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
};
