import * as ToastPrimitive from '@radix-ui/react-toast';
import { atom, useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** The page it was raised on. */
  path: string;
};

const toastAtom = atom<ToastMessage | null>(null);
let nextId = 1;

/** One toast at a time: a new one replaces the one showing. */
export const useToast = () => {
  const set = useSetAtom(toastAtom);
  return {
    toast: (message: Omit<ToastMessage, 'id' | 'path'>) =>
      set({ ...message, id: nextId++, path: window.location.pathname }),
    dismiss: () => set(null),
  };
};

export const Toaster = () => {
  const [current, set] = useAtom(toastAtom);
  const { pathname } = useLocation();
  // An error speaks of the page whose action failed: it leaves with that page. Other toasts
  // (a welcome, 'Logged out') are raised just before moving on, and travel with the person.
  const stale = current?.variant === 'destructive' && current.path !== pathname;
  useEffect(() => {
    if (stale) set(null);
  }, [stale, set]);
  return (
    <ToastPrimitive.Provider duration={5000} swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          duration={current.duration ?? 5000}
          onOpenChange={(open) => {
            if (!open) set(null);
          }}
          className={`rounded-lg border p-4 shadow-lg ${
            current.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-stone-300 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100'
          }`}
        >
          <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
          {current.description && (
            <ToastPrimitive.Description className="mt-1 text-sm">
              {current.description}
            </ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-3 text-lg leading-none"
          >
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-20 z-50 flex w-full max-w-[420px] flex-col gap-2 p-4 [&>li]:relative"
      />
    </ToastPrimitive.Provider>
  );
};
