import { useForm, type Control } from 'react-hook-form';
import {
  BOARD_CATEGORIES,
  IDEA_MAX_CHARACTERS,
  NOTES_MAX_CHARACTERS,
  SUGGESTION_CATEGORIES,
  type AdminIdeaDto,
  type EditIdeaBody,
  type IdeaCategory,
  type SuggestionStatusDto,
} from '../../../../domain/contracts/contributions';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Button } from '../../../components/ui/button';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormSelect, FormTextAreaField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useAddIdea, useEditIdea } from '../api/admin-ideas';

/** Radix Select has no empty value: this one stands for "no category". */
const NO_CATEGORY = 'none';
type CategoryChoice = IdeaCategory | typeof NO_CATEGORY;
/** The board's own categories first, then the brainstorm's (a person's idea keeps its own). */
const CATEGORY_OPTIONS = [
  { value: NO_CATEGORY, label: 'No category' },
  ...[...BOARD_CATEGORIES, ...SUGGESTION_CATEGORIES].map((c) => ({ value: c, label: c })),
] as const;
const STATUS_OPTIONS: readonly { value: SuggestionStatusDto; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected (leaves the board)' },
];

type IdeaValues = { content: string; category: CategoryChoice; notes: string };

const categoryOf = (choice: CategoryChoice) => (choice === NO_CATEGORY ? null : choice);

/** The wording, its category and the admins' notes: the same fields to add an idea and to edit one. */
const IdeaFields = <T extends IdeaValues>({ control }: { control: Control<T> }) => {
  // These are the form's idea fields, whatever else it holds.
  const own = control as unknown as Control<IdeaValues>;
  return (
    <>
      <FormTextAreaField
        control={own}
        name="content"
        label="Idea"
        rows={3}
        maxLength={IDEA_MAX_CHARACTERS}
        placeholder="Should we …? Why or why not?"
        rules={{
          validate: (text: string) =>
            hasVisibleCharacter(text) || 'Please enter an idea before submitting.',
        }}
      />
      <FormSelect
        control={own}
        name="category"
        label="Category (optional)"
        options={CATEGORY_OPTIONS}
      />
      <FormTextAreaField
        control={own}
        name="notes"
        label="Notes (optional)"
        rows={2}
        maxLength={NOTES_MAX_CHARACTERS}
        status="Only admins see notes."
      />
    </>
  );
};

const EMPTY: IdeaValues = { content: '', category: NO_CATEGORY, notes: '' };

/** The board's own ideas: written by an admin, pending like everyone's. */
export const AddIdeaForm = () => {
  const { toast } = useToast();
  const add = useAddIdea();
  const form = useForm<IdeaValues>({ defaultValues: EMPTY });
  return (
    <Form
      form={form}
      aria-label="Add an idea"
      onSubmit={async ({ content, category, notes }) => {
        await add.mutateAsync({ content, category: categoryOf(category), notes: notes || null });
        form.reset(EMPTY);
        toast({ title: 'Idea Added' });
      }}
      onFailure={(error) =>
        toast({ title: `Failed to add idea: ${failureText(error)}`, variant: 'destructive' })
      }
      className="flex max-w-2xl flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      footer={
        <div>
          <SubmitButton control={form.control} pending="Adding…">
            Add Idea
          </SubmitButton>
        </div>
      }
    >
      <h2 className="text-lead font-semibold">Add an idea</h2>
      <IdeaFields control={form.control} />
    </Form>
  );
};

/** Only the fields that changed (the server takes any of them). */
const changesOf = (idea: AdminIdeaDto, values: IdeaValues & { status: SuggestionStatusDto }) => {
  const changes: EditIdeaBody = {};
  if (values.content !== idea.content) changes.content = values.content;
  if (categoryOf(values.category) !== idea.category) changes.category = categoryOf(values.category);
  if ((values.notes || null) !== idea.notes) changes.notes = values.notes || null;
  if (values.status !== idea.status) changes.status = values.status;
  return changes;
};

/** An idea's wording, category, notes and status, edited in place: Save or Cancel. */
export const EditIdeaForm = ({ idea, onDone }: { idea: AdminIdeaDto; onDone: () => void }) => {
  const { toast } = useToast();
  const edit = useEditIdea();
  const form = useForm<IdeaValues & { status: SuggestionStatusDto }>({
    defaultValues: {
      content: idea.content,
      category: (idea.category as IdeaCategory | null) ?? NO_CATEGORY,
      notes: idea.notes ?? '',
      status: idea.status,
    },
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await edit.mutateAsync({ id: idea.id, body: changesOf(idea, values) });
        onDone();
        toast({ title: 'Idea Updated' });
      }}
      onFailure={(error) =>
        toast({ title: `Failed to update idea: ${failureText(error)}`, variant: 'destructive' })
      }
      className="flex flex-col gap-3"
      footer={
        <div className="flex gap-2">
          <SubmitButton
            control={form.control}
            size="sm"
            pending="Saving…"
            disabled={!form.formState.isDirty}
          >
            Save
          </SubmitButton>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      }
    >
      <IdeaFields control={form.control} />
      <FormSelect control={form.control} name="status" label="Status" options={STATUS_OPTIONS} />
    </Form>
  );
};
