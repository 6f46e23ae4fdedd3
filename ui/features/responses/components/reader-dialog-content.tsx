import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClass } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';

/** The full-screen reading view (Radix dialog), loaded the first time someone opens one. */
const ReaderDialogContent = ({
  response,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  response: ResponseDto;
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
            <Avatar name={response.username} own={response.isOwn} />
            <Dialog.Title className="min-w-0 flex-1 text-title font-semibold wrap-anywhere">
              {response.username}
            </Dialog.Title>
            <Dialog.Close className={buttonClass('secondary', 'sm')}>
              <CloseIcon aria-hidden="true" />
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-6 border-l-4 border-accent pl-4 font-serif text-lead text-ink-muted wrap-anywhere">
            {response.questionContent}
          </Dialog.Description>
          <p className="mt-8 font-serif text-lead whitespace-pre-line wrap-anywhere">
            {response.content}
          </p>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);

export default ReaderDialogContent;
