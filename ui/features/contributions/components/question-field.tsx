import { useWatch, type Control } from 'react-hook-form';
import type { QuestionTextRule } from '../../../../domain/contributions/question-text';
import { countWords } from '../../../../domain/shared/words';
import { FormTextAreaField } from '../../../components/ui/form-fields';

/**
 * The question /brainstorm and /submit-question ask for, each under its own rule: said under
 * the box, counted as the person writes, and checked as they go (the forms check on every
 * change, so what to fix shows beside the box before anything is sent).
 */
export const QuestionField = <T extends { content: string }>({
  control,
  rule,
}: {
  control: Control<T>;
  rule: QuestionTextRule;
}) => {
  // The question is the form's `content`, whatever else the form holds.
  const own = control as unknown as Control<{ content: string }>;
  const words = countWords(useWatch({ control: own, name: 'content' }));
  return (
    <FormTextAreaField
      control={own}
      name="content"
      label="Your question"
      rows={4}
      rules={{ validate: (text: string) => rule.fault(text)?.detail ?? true }}
      status={
        <>
          <span className={words > rule.maxWords ? 'font-medium text-danger-ink' : ''}>
            {words}/{rule.maxWords} words
          </span>
          <span>{rule.statement}</span>
        </>
      }
    />
  );
};
