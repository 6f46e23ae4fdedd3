import { atom, useSetAtom } from 'jotai';

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** The page it was raised on. */
  path: string;
};

/** The one toast showing; the Toaster (toaster.tsx, loaded after the first paint) shows it. */
export const toastAtom = atom<ToastMessage | null>(null);
let nextId = 1;

/** One toast at a time: a new one replaces the one showing. Toasts say what happened. */
export const useToast = () => {
  const set = useSetAtom(toastAtom);
  return {
    toast: (message: Omit<ToastMessage, 'id' | 'path'>) =>
      set({ ...message, id: nextId++, path: window.location.pathname }),
    dismiss: () => set(null),
  };
};
