import { CircleAlert } from 'lucide-react';

/**
 * What to fix, next to the field. The element is always there (a live region must exist
 * before its text changes to be announced); the field points at it with aria-describedby
 * and says aria-invalid while a message shows.
 */
export const FieldError = ({ id, message }: { id: string; message: string | null | undefined }) => (
  <p id={id} aria-live="assertive" className="text-small font-medium text-danger-ink">
    {message ? (
      <span className="mt-1.5 flex items-start gap-1.5">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {message}
      </span>
    ) : null}
  </p>
);

/** The aria attributes a field needs for its hint and its error. */
export const describedBy = (
  error: string | null | undefined,
  errorId: string,
  ...others: (string | undefined)[]
) => {
  const ids = [...others.filter(Boolean), errorId].join(' ');
  return {
    'aria-describedby': ids,
    'aria-invalid': error ? (true as const) : undefined,
  };
};
