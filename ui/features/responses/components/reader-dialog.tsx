import { Suspense, useRef, useState } from 'react';
import type { ResponseDto } from '../../../../domain/contracts/responses';
import { Button } from '../../../components/ui/button';
import { ReadIcon } from '../../../components/ui/icons';
import { lazyComponent } from '../../../lib/lazy-component';

const ReaderDialogContent = lazyComponent(() => import('./reader-dialog-content')).Component;

/**
 * 'Read more': the whole response full-screen; Escape or Close ends it, focus goes back, the
 * page does not scroll. The reading view's code arrives the first time one opens.
 */
export const ReaderDialog = ({ response }: { response: ResponseDto }) => {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost-accent"
        size="sm"
        className="-ml-3"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <ReadIcon aria-hidden="true" />
        Read more
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReaderDialogContent
            response={response}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
          />
        </Suspense>
      )}
    </>
  );
};
