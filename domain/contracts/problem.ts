/** The JSON body of every 4xx/5xx answer (RFC 9457 problem details). */
export type Problem = {
  type: string;
  title: string;
  status: number;
  /** A sentence the UI can show as it is. */
  detail: string;
  /** The request field the problem is about, when there is one. */
  field?: string;
  /** Every field problem, for bodies with several mistakes. */
  errors?: { field: string; message: string }[];
  requestId?: string;
};
