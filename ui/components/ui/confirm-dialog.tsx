import {
  cloneElement,
  isValidElement,
  Suspense,
  useState,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { lazyComponent } from '../../lib/lazy-component';

const ConfirmDialogContent = lazyComponent(() => import('./confirm-dialog-content')).Component;

/**
 * Asks before something that cannot be taken back. Focus starts on Cancel, stays inside,
 * and returns to the button that opened it; Escape cancels. The dialog's code arrives the
 * first time one opens (pages that only might ask do not carry it).
 */
export const ConfirmDialog = ({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: {
  /** The button that opens it; it keeps its look, the dialog adds its click. */
  trigger: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) => {
  const [open, setOpen] = useState(false);
  /** The button that opened it: focus goes back there (the dialog's code loads after it). */
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const handleOpen = (event: MouseEvent<HTMLElement>) => {
    setOpener(event.currentTarget);
    setOpen(true);
  };
  return (
    <>
      {isValidElement(trigger) &&
        cloneElement(trigger, {
          onClick: handleOpen,
          'aria-haspopup': 'dialog',
        } as Record<string, unknown>)}
      {opener && (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            text={{ title, description, confirmLabel, cancelLabel }}
            open={open}
            onOpenChange={setOpen}
            onConfirm={onConfirm}
            returnFocusTo={opener}
          />
        </Suspense>
      )}
    </>
  );
};
