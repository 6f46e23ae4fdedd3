import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect } from 'react';
import { useNavigationGuard } from '../../lib/navigation-guard';
import { buttonClass } from '../../components/ui/button';

/**
 * An unsaved change is never dropped in silence: leaving the page asks first (save, discard
 * or stay), and closing or reloading the tab gets the browser's own warning.
 */
export const UnsavedChangesGuard = ({
  dirty,
  saving,
  onSave,
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => Promise<unknown>;
}) => {
  const held = useNavigationGuard(dirty);
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
  const handleSaveAndLeave = () => {
    void onSave().then(
      () => held?.proceed(),
      () => held?.reset(),
    );
  };
  return (
    <AlertDialog.Root open={held !== null} onOpenChange={(open) => !open && held?.reset()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="page-fade fixed inset-0 z-50 bg-scrim" />
        <AlertDialog.Content className="sheet-up fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-xl border border-line bg-surface p-6 text-ink shadow-overlay sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2">
          <AlertDialog.Title className="font-serif text-title font-semibold">
            Save your change?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted">
            Your Show Activity choice is not saved yet. Save it before you go, or leave it as it
            was.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('ghost')}>Stay here</AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => held?.proceed()}
            >
              Discard
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={saving}
              onClick={handleSaveAndLeave}
            >
              {saving ? 'Saving...' : 'Save and leave'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
};
