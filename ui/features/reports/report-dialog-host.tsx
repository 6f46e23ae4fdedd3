import { useAtom } from 'jotai';
import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { reportRequestAtom } from '../../lib/report-request';

const ReportDialog = lazyComponent(() => import('./components/report-dialog')).Component;

/**
 * Answers every Report button on every page: mounted once in the layout. The dialog's code
 * arrives the first time someone reports.
 */
export const ReportDialogHost = () => {
  const [request, setRequest] = useAtom(reportRequestAtom);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog
        key={`${request.target.kind}-${request.target.id}`}
        request={request}
        onClose={() => setRequest(null)}
      />
    </Suspense>
  );
};
