import { useEffect, useId, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ArchetypeDto } from '../../../../domain/contracts/mini';
import {
  CHOICE_LABEL_CUT,
  cut,
  type PendingDilemmaDto,
} from '../../../../domain/contracts/mini-admin';
import { hasVisibleCharacter } from '../../../../domain/shared/text';
import { Card } from '../../../components/ui/card';
import { Form, SubmitButton } from '../../../components/ui/form';
import { FormCheckbox, FormSelect, FormTextAreaField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/api-client';
import { useAssociateArchetype, useCreateChoice, useCreateDilemma } from '../api/mini-admin';

/** Radix Select has no empty value: this one stands for "nothing chosen". */
const NONE = 'none';
const MAX_DEPTH = 5;

const firstLine = (content: string) =>
  (content.replace(/^(Initial Prompt|Final Choice):\s*/, '').split('\n')[0] ?? '').trim();

/** A Mini tab form on its card, named by its heading; the spec's failures are toasts. */
const FormCard = <T extends FieldValues>({
  title,
  form,
  onSubmit,
  failure,
  submitLabel,
  children,
}: {
  title: string;
  form: UseFormReturn<T>;
  onSubmit: (values: T) => Promise<unknown>;
  /** The spec's toast when it fails ("Failed to create dilemma"). */
  failure: string;
  submitLabel: string;
  children: ReactNode;
}) => {
  const id = useId();
  const { toast } = useToast();
  return (
    <Card padding="md">
      <Form
        form={form}
        aria-labelledby={id}
        onSubmit={onSubmit}
        onFailure={(error) =>
          toast({ title: failure, description: failureText(error), variant: 'destructive' })
        }
        className="flex flex-col gap-3"
        footer={
          <div>
            <SubmitButton control={form.control} pending="Saving…">
              {submitLabel}
            </SubmitButton>
          </div>
        }
      >
        <h3 id={id} className="text-lead font-semibold">
          {title}
        </h3>
        {children}
      </Form>
    </Card>
  );
};

export const CreateDilemmaForm = () => {
  const { toast } = useToast();
  const create = useCreateDilemma();
  const form = useForm({ defaultValues: { content: '' } });
  return (
    <FormCard
      title="Create dilemma"
      form={form}
      failure="Failed to create dilemma"
      submitLabel="Create Dilemma"
      onSubmit={async ({ content }) => {
        await create.mutateAsync(content);
        form.reset();
        toast({ title: 'Dilemma created' });
      }}
    >
      <FormTextAreaField
        control={form.control}
        name="content"
        label="Dilemma content"
        rows={4}
        placeholder={'Initial Prompt: …\nInitial Options: …'}
        rules={{
          validate: (text: string) => hasVisibleCharacter(text) || 'Please enter dilemma content',
        }}
      />
    </FormCard>
  );
};

const dilemmaOptions = (dilemmas: readonly PendingDilemmaDto[]) => [
  { value: NONE, label: 'Select a dilemma' },
  ...dilemmas.map((d) => ({ value: d.id, label: cut(firstLine(d.content), CHOICE_LABEL_CUT) })),
];

const choiceOptions = (dilemma: PendingDilemmaDto | undefined, none: string) => [
  { value: NONE, label: none },
  ...(dilemma?.choices ?? []).map((c) => ({
    value: c.id,
    label: `${'— '.repeat(c.depth)}${cut(firstLine(c.content), CHOICE_LABEL_CUT)}`,
  })),
];

/** Where a new choice goes: under its parent, one deeper (a first option is at depth 0). */
const placeOf = (dilemmas: readonly PendingDilemmaDto[], dilemmaId: string, parentId: string) => {
  const dilemma = dilemmas.find((d) => d.id === dilemmaId);
  const parent = dilemma?.choices.find((c) => c.id === parentId);
  return { dilemma, parent, depth: parent ? parent.depth + 1 : 0 };
};

type ChoiceValues = {
  dilemmaId: string;
  parentChoiceId: string;
  content: string;
  leadToArchetype: boolean;
};

const SELECT_BOTH = 'Please select a dilemma and enter choice content';

export const CreateChoiceForm = ({ dilemmas }: { dilemmas: readonly PendingDilemmaDto[] }) => {
  const { toast } = useToast();
  const create = useCreateChoice();
  const form = useForm<ChoiceValues>({
    defaultValues: { dilemmaId: NONE, parentChoiceId: NONE, content: '', leadToArchetype: false },
  });
  // A parent choice belongs to one dilemma: choosing another dilemma forgets it.
  useEffect(() => {
    return form.subscribe({
      name: 'dilemmaId',
      formState: { values: true },
      callback: () => form.setValue('parentChoiceId', NONE),
    });
  }, [form]);
  const [dilemmaId, parentId] = useWatch({
    control: form.control,
    name: ['dilemmaId', 'parentChoiceId'],
  });
  const { dilemma, depth } = placeOf(dilemmas, dilemmaId, parentId);
  return (
    <FormCard
      title="Create choice"
      form={form}
      failure="Failed to create choice"
      submitLabel="Create Choice"
      onSubmit={async (values) => {
        const place = placeOf(dilemmas, values.dilemmaId, values.parentChoiceId);
        await create.mutateAsync({
          dilemmaId: values.dilemmaId,
          parentChoiceId: place.parent?.id ?? null,
          content: values.content,
          leadToArchetype: values.leadToArchetype,
          depth: place.depth,
        });
        form.resetField('content');
        toast({ title: 'Choice created' });
      }}
    >
      <FormSelect
        control={form.control}
        name="dilemmaId"
        label="Dilemma"
        options={dilemmaOptions(dilemmas)}
        rules={{ validate: (id: string) => id !== NONE || SELECT_BOTH }}
      />
      <FormSelect
        control={form.control}
        name="parentChoiceId"
        label="Parent choice (optional)"
        options={choiceOptions(dilemma, 'None: a first option')}
        rules={{
          validate: () => depth <= MAX_DEPTH || `Choices go ${MAX_DEPTH} deep at most.`,
        }}
      />
      <p className="text-small text-ink-muted" aria-live="polite">
        Depth {depth} (0 to {MAX_DEPTH}: the parent’s depth plus one)
      </p>
      <FormTextAreaField
        control={form.control}
        name="content"
        label="Choice content"
        rows={3}
        rules={{
          // Said once: beside the dilemma while none is chosen, else beside the text.
          validate: (text: string, { dilemmaId }: ChoiceValues) =>
            hasVisibleCharacter(text) || dilemmaId === NONE || SELECT_BOTH,
        }}
      />
      <FormCheckbox
        control={form.control}
        name="leadToArchetype"
        label="Leads to an archetype"
        description="The journey ends with this choice."
      />
    </FormCard>
  );
};

type AssociationValues = { dilemmaId: string; choiceId: string; archetypeId: string };

const PICK_BOTH = 'Please select both a choice and an archetype';

export const AssociationForm = ({
  dilemmas,
  archetypes,
}: {
  dilemmas: readonly PendingDilemmaDto[];
  archetypes: readonly ArchetypeDto[];
}) => {
  const { toast } = useToast();
  const associate = useAssociateArchetype();
  const form = useForm<AssociationValues>({
    defaultValues: { dilemmaId: NONE, choiceId: NONE, archetypeId: NONE },
  });
  // A choice belongs to one dilemma: choosing another dilemma forgets it.
  useEffect(() => {
    return form.subscribe({
      name: 'dilemmaId',
      formState: { values: true },
      callback: () => form.setValue('choiceId', NONE),
    });
  }, [form]);
  const dilemmaId = useWatch({ control: form.control, name: 'dilemmaId' });
  const dilemma = dilemmas.find((d) => d.id === dilemmaId);
  return (
    <FormCard
      title="Associate choice with archetype"
      form={form}
      failure="Failed to associate choice with archetype"
      submitLabel="Associate"
      onSubmit={async ({ choiceId, archetypeId }) => {
        await associate.mutateAsync({ choiceId, archetypeId });
        toast({ title: 'Choice associated with archetype' });
      }}
    >
      <FormSelect
        control={form.control}
        name="dilemmaId"
        label="Dilemma"
        options={dilemmaOptions(dilemmas)}
      />
      <FormSelect
        control={form.control}
        name="choiceId"
        label="Choice"
        options={choiceOptions(dilemma, 'Select a choice')}
        rules={{ validate: (id: string) => id !== NONE || PICK_BOTH }}
      />
      <FormSelect
        control={form.control}
        name="archetypeId"
        label="Archetype"
        options={[
          { value: NONE, label: 'Select an archetype' },
          ...archetypes.map((a) => ({ value: a.id, label: a.name })),
        ]}
        // Said once: beside the choice while none is chosen, else beside the archetype.
        rules={{
          validate: (id: string, { choiceId }: AssociationValues) =>
            id !== NONE || choiceId === NONE || PICK_BOTH,
        }}
      />
    </FormCard>
  );
};
