import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';

/**
 * An answer the map names, whole and full-screen, as the discussion's reader shows it but
 * without its author: the map names no one. Escape or Close ends it; focus goes back.
 */
const AnswerReader = ({
  content,
  context,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  content: string;
  /** Why the map names it, as its card says. */
  context: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) => (
  <Dialog.Root open={open} onOpenChange={onOpenChange}>
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
      <Dialog.Content
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        className="page-fade fixed inset-0 z-50 overflow-y-auto bg-canvas text-ink"
      >
        <div className="mx-auto max-w-2xl px-5 pt-[calc(env(safe-area-inset-top)+1.5rem)] pb-16">
          <div className="flex items-center gap-3">
            <Dialog.Title className="min-w-0 flex-1 text-title font-semibold">
              An answer from the discussion
            </Dialog.Title>
            <Dialog.Close className={buttonClass('secondary', 'sm')}>
              <CloseIcon aria-hidden="true" />
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-4 text-small text-ink-muted">
            {context}
          </Dialog.Description>
          <p className="mt-8 font-serif text-lead whitespace-pre-line wrap-anywhere">{content}</p>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);

export default AnswerReader;
