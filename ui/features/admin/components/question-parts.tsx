import type { Control } from 'react-hook-form';
import { ADMIN_QUESTION_CATEGORIES } from '../../../../domain/contracts/admin-questions';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { FormSelect, FormTextAreaField } from '../../../components/ui/form-fields';
import type { SelectOption } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';

/** Today's question was answered already: the server said so (409). */
export const isAnsweredRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 409;

const CATEGORY_OPTIONS: SelectOption<string>[] = ADMIN_QUESTION_CATEGORIES.map((c) => ({
  value: c,
  label: c,
}));

export type QuestionText = { content: string; category: string };

/** A question's text and category, as the Edit and Schedule tabs write them. */
export const QuestionTextFields = <T extends QuestionText>({
  control,
  label,
}: {
  control: Control<T>;
  label: string;
}) => {
  // These are the form's question fields, whatever else it holds.
  const own = control as unknown as Control<QuestionText>;
  return (
    <>
      <FormTextAreaField
        control={own}
        name="content"
        label={label}
        rows={3}
        rules={{
          validate: (text: string) =>
            hasVisibleCharacter(text) || 'Question content cannot be empty',
        }}
      />
      <FormSelect control={own} name="category" label="Category" options={CATEGORY_OPTIONS} />
    </>
  );
};

/** The spec's date rule for a day a question is planned for. */
export const dateRules = (earliest: string | null, tooEarly: string) => ({
  required: 'Please select a date for scheduling',
  validate: (day: string) => !earliest || day >= earliest || tooEarly,
});

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
