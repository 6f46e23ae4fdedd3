import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClass } from './button';

export type ConfirmDialogText = {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
};

/** The dialog itself (Radix alert dialog), loaded the first time someone opens one. */
const ConfirmDialogContent = ({
  text,
  open,
  onOpenChange,
  onConfirm,
  returnFocusTo,
}: {
  text: ConfirmDialogText;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocusTo: HTMLElement;
}) => (
  <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="page-fade fixed inset-0 z-50 bg-scrim" />
      <AlertDialog.Content
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.focus();
        }}
        className="sheet-up fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-xl border border-line bg-surface p-6 text-ink shadow-overlay sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
      >
        <AlertDialog.Title className="font-serif text-title font-semibold">
          {text.title}
        </AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-body text-ink-muted">
          {text.description}
        </AlertDialog.Description>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialog.Cancel className={buttonClass('secondary')}>
            {text.cancelLabel}
          </AlertDialog.Cancel>
          <AlertDialog.Action className={buttonClass('danger')} onClick={onConfirm}>
            {text.confirmLabel}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  </AlertDialog.Root>
);

export default ConfirmDialogContent;
