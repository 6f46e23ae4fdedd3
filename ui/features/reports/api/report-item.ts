import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { ReportBody, ReportResult } from '../../../../domain/contracts/reports';
import { api, ApiError } from '../../../lib/api-client';
import { reportedAtom, reportKey } from '../../../lib/report-request';

export const reportItem = (body: ReportBody) =>
  api<ReportResult>('/api/reports', { method: 'POST', body });

/**
 * Files a report; a report filed before (409) counts as filed. Either way the item's button
 * says so from then on. Never retried: a report is a command.
 */
export const useReportItem = () => {
  const markReported = useSetAtom(reportedAtom);
  const mark = (body: ReportBody) =>
    markReported((reported) => new Set([...reported, reportKey(body.target)]));
  return useMutation({
    mutationFn: reportItem,
    onSuccess: (_result, body) => mark(body),
    onError: (error, body) => {
      if (error instanceof ApiError && error.status === 409) mark(body);
    },
  });
};
