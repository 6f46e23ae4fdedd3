import { useMutation } from '@tanstack/react-query';
import type { Problem } from '../../../../domain/contracts/problem';
import { ApiError } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device-identity';
import { currentSession } from '../../../lib/session';

export type ExportFormat = 'json' | 'markdown';

const fallbackName = { json: 'boon-data.json', markdown: 'boon-journal.md' } as const;

/** The name the server gave the download (Content-Disposition), else a plain one. */
const fileNameOf = (response: Response, format: ExportFormat) =>
  /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
  fallbackName[format];

/**
 * Fetches the caller's data (it needs the device header, so a plain link cannot) and hands it
 * to the browser as a file download.
 */
const downloadExport = async (format: ExportFormat) => {
  const headers: Record<string, string> = { 'X-Device-ID': deviceId() };
  const token = currentSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/user/export?format=${format}`, { headers });
  if (!response.ok) {
    const text = await response.text();
    let problem: Problem | null = null;
    try {
      problem = JSON.parse(text) as Problem;
    } catch {
      problem = null;
    }
    throw new ApiError(response.status, text || response.statusText, problem);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** "Download my data" (JSON) and "Download journal" (Markdown). */
export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
