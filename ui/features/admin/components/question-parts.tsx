import { useId } from 'react';
import { ADMIN_QUESTION_CATEGORIES } from '../../../../domain/contracts/admin-questions';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';

export const detailOf = (error: unknown) =>
  error instanceof ApiError ? error.detail : String(error);

/** Today's question was answered already: the server said so (409). */
export const isAnsweredRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 409;

const CATEGORY_OPTIONS = ADMIN_QUESTION_CATEGORIES.map((c) => ({ value: c, label: c }));

export const CategorySelect = ({
  value,
  onValueChange,
}: {
  value: string;
  onValueChange: (value: string) => void;
}) => {
  const id = useId();
  return (
    <div>
      <span id={id} className="mb-1.5 block text-small font-semibold">
        Category
      </span>
      <Select
        aria-labelledby={id}
        value={value}
        onValueChange={onValueChange}
        options={CATEGORY_OPTIONS}
      />
    </div>
  );
};

/** People answered today's question: the admin is offered tomorrow instead. */
export const TomorrowOffer = ({
  message,
  pending,
  onSchedule,
}: {
  message: string;
  pending: boolean;
  onSchedule: () => void;
}) => (
  <Callout tone="caution" role="alert" title="Today’s question already answered">
    <p>{message}</p>
    <Button size="sm" className="mt-2" disabled={pending} onClick={onSchedule}>
      Schedule for tomorrow
    </Button>
  </Callout>
);

/** The Manage table cuts content at 100 characters. */
export const cut = (text: string, max = 100) =>
  text.length > max ? `${text.slice(0, max)}…` : text;
