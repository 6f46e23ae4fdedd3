import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from './button';

/**
 * Asks before something that cannot be taken back. Focus starts on Cancel, stays inside,
 * and returns to the button that opened it; Escape cancels.
 */
export const ConfirmDialog = ({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: {
  /** The button that opens it (rendered as is). */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) => (
  <AlertDialog.Root>
    <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-scrim page-fade" />
      <AlertDialog.Content className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-xl border border-line bg-surface p-6 text-ink shadow-overlay sheet-up sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2">
        <AlertDialog.Title className="font-serif text-title font-semibold">
          {title}
        </AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-body text-ink-muted">
          {description}
        </AlertDialog.Description>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialog.Cancel className={buttonClass('secondary')}>
            {cancelLabel}
          </AlertDialog.Cancel>
          <AlertDialog.Action className={buttonClass('danger')} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  </AlertDialog.Root>
);
