import { useAtomValue, useSetAtom } from 'jotai';
import type { ReportTarget } from '../../domain/contracts/reports';
import { reportedAtom, reportKey, reportRequestAtom } from '../lib/report-request';
import { Button } from './ui/button';
import { ReportIcon } from './ui/icons';

/**
 * Report on someone else's answer, reply or chat message: opens the report dialog. Once
 * reported from this page it says so, and stays quiet.
 */
export const ReportButton = ({ target, what }: { target: ReportTarget; what: string }) => {
  const request = useSetAtom(reportRequestAtom);
  const reported = useAtomValue(reportedAtom).has(reportKey(target));
  if (reported) {
    return <span className="px-2 text-small text-ink-muted">Reported — thank you</span>;
  }
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-haspopup="dialog"
      aria-label={`Report ${what}`}
      onClick={(event) => request({ target, what, opener: event.currentTarget })}
    >
      <ReportIcon aria-hidden="true" />
      Report
    </Button>
  );
};
