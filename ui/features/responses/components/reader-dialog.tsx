import * as Dialog from '@radix-ui/react-dialog';
import type { ResponseDto } from '../../../../domain/contracts/responses';

/** 'Read more': the whole response full-screen; Escape or Close ends it, focus goes back, the page does not scroll. */
export const ReaderDialog = ({ response }: { response: ResponseDto }) => (
  <Dialog.Root>
    <Dialog.Trigger className="text-sm font-medium text-amber-800 underline dark:text-amber-400">
      Read more
    </Dialog.Trigger>
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-stone-50 p-6 text-stone-900 dark:bg-stone-950 dark:text-stone-100">
        <div className="mx-auto max-w-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="min-w-0 text-xl font-semibold wrap-anywhere">
              {response.username}
            </Dialog.Title>
            <Dialog.Close className="rounded-md border border-stone-400 px-3 py-1">
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            {response.questionContent}
          </Dialog.Description>
          <p className="mt-4 text-lg whitespace-pre-line wrap-anywhere">{response.content}</p>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);
