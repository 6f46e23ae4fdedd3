import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ArchetypeDto } from '../../../../domain/contracts/mini';
import {
  CHOICE_LABEL_CUT,
  cut,
  type PendingDilemmaDto,
} from '../../../../domain/contracts/mini-admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError } from '../../../components/ui/field-error';
import { Select } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAssociateArchetype, useCreateChoice, useCreateDilemma } from '../api/mini-admin';

/** Radix Select has no empty value: this one stands for "nothing chosen". */
const NONE = 'none';
const MAX_DEPTH = 5;

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

const firstLine = (content: string) =>
  (content.replace(/^(Initial Prompt|Final Choice):\s*/, '').split('\n')[0] ?? '').trim();

/** A labelled Select (Radix Select is named by a visible label through aria-labelledby). */
const Labelled = <V extends string>({
  label,
  value,
  onValueChange,
  options,
}: {
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
}) => {
  const id = useId();
  return (
    <div>
      <span id={id} className="mb-1.5 block text-small font-semibold">
        {label}
      </span>
      <Select aria-labelledby={id} value={value} onValueChange={onValueChange} options={options} />
    </div>
  );
};

const FormCard = ({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <Card
      as="form"
      padding="md"
      aria-labelledby={id}
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 id={id} className="text-lead font-semibold">
        {title}
      </h3>
      {children}
    </Card>
  );
};

export const CreateDilemmaForm = () => {
  const { toast } = useToast();
  const create = useCreateDilemma();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!content.trim()) return setError('Please enter dilemma content');
    setError(null);
    create.mutate(content, {
      onSuccess: () => {
        setContent('');
        toast({ title: 'Dilemma created' });
      },
      onError: (e) => setError(`Failed to create dilemma: ${detailOf(e)}`),
    });
  };
  return (
    <FormCard title="Create dilemma" onSubmit={submit}>
      <TextAreaField
        label="Dilemma content"
        value={content}
        onValueChange={setContent}
        rows={4}
        placeholder={'Initial Prompt: …\nInitial Options: …'}
        error={error}
      />
      <Button type="submit" disabled={create.isPending} className="self-start">
        Create Dilemma
      </Button>
    </FormCard>
  );
};

const dilemmaOptions = (dilemmas: readonly PendingDilemmaDto[]) => [
  { value: NONE, label: 'Select a dilemma' },
  ...dilemmas.map((d) => ({ value: d.id, label: cut(firstLine(d.content), CHOICE_LABEL_CUT) })),
];

const choiceLabel = (c: PendingDilemmaDto['choices'][number]) =>
  `${'— '.repeat(c.depth)}${cut(firstLine(c.content), CHOICE_LABEL_CUT)}`;

export const CreateChoiceForm = ({ dilemmas }: { dilemmas: readonly PendingDilemmaDto[] }) => {
  const { toast } = useToast();
  const create = useCreateChoice();
  const [dilemmaId, setDilemmaId] = useState(NONE);
  const [parentId, setParentId] = useState(NONE);
  const [content, setContent] = useState('');
  const [ends, setEnds] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dilemma = dilemmas.find((d) => d.id === dilemmaId);
  const parent = dilemma?.choices.find((c) => c.id === parentId);
  const depth = parent ? parent.depth + 1 : 0;
  const submit = () => {
    if (!dilemma || !content.trim()) {
      return setError('Please select a dilemma and enter choice content');
    }
    if (depth > MAX_DEPTH) return setError(`Choices go ${MAX_DEPTH} deep at most.`);
    setError(null);
    create.mutate(
      {
        dilemmaId: dilemma.id,
        parentChoiceId: parent?.id ?? null,
        content,
        leadToArchetype: ends,
        depth,
      },
      {
        onSuccess: () => {
          setContent('');
          toast({ title: 'Choice created' });
        },
        onError: (e) => setError(`Failed to create choice: ${detailOf(e)}`),
      },
    );
  };
  return (
    <FormCard title="Create choice" onSubmit={submit}>
      <Labelled
        label="Dilemma"
        value={dilemmaId}
        onValueChange={(v) => {
          setDilemmaId(v);
          setParentId(NONE);
        }}
        options={dilemmaOptions(dilemmas)}
      />
      <Labelled
        label="Parent choice (optional)"
        value={parentId}
        onValueChange={setParentId}
        options={[
          { value: NONE, label: 'None: a first option' },
          ...(dilemma?.choices ?? []).map((c) => ({ value: c.id, label: choiceLabel(c) })),
        ]}
      />
      <p className="text-small text-ink-muted" aria-live="polite">
        Depth {depth} (0 to {MAX_DEPTH}: the parent’s depth plus one)
      </p>
      <TextAreaField label="Choice content" value={content} onValueChange={setContent} rows={3} />
      <Checkbox
        label="Leads to an archetype"
        description="The journey ends with this choice."
        checked={ends}
        onCheckedChange={setEnds}
      />
      <FieldError id="mini-choice-error" message={error} />
      <Button type="submit" disabled={create.isPending} className="self-start">
        Create Choice
      </Button>
    </FormCard>
  );
};

export const AssociationForm = ({
  dilemmas,
  archetypes,
}: {
  dilemmas: readonly PendingDilemmaDto[];
  archetypes: readonly ArchetypeDto[];
}) => {
  const { toast } = useToast();
  const associate = useAssociateArchetype();
  const [dilemmaId, setDilemmaId] = useState(NONE);
  const [choiceId, setChoiceId] = useState(NONE);
  const [archetypeId, setArchetypeId] = useState(NONE);
  const [error, setError] = useState<string | null>(null);
  const dilemma = dilemmas.find((d) => d.id === dilemmaId);
  const submit = () => {
    if (choiceId === NONE || archetypeId === NONE) {
      return setError('Please select both a choice and an archetype');
    }
    setError(null);
    associate.mutate(
      { choiceId, archetypeId },
      {
        onSuccess: () => toast({ title: 'Choice associated with archetype' }),
        onError: (e) => setError(`Failed to associate choice with archetype: ${detailOf(e)}`),
      },
    );
  };
  return (
    <FormCard title="Associate choice with archetype" onSubmit={submit}>
      <Labelled
        label="Dilemma"
        value={dilemmaId}
        onValueChange={(v) => {
          setDilemmaId(v);
          setChoiceId(NONE);
        }}
        options={dilemmaOptions(dilemmas)}
      />
      <Labelled
        label="Choice"
        value={choiceId}
        onValueChange={setChoiceId}
        options={[
          { value: NONE, label: 'Select a choice' },
          ...(dilemma?.choices ?? []).map((c) => ({ value: c.id, label: choiceLabel(c) })),
        ]}
      />
      <Labelled
        label="Archetype"
        value={archetypeId}
        onValueChange={setArchetypeId}
        options={[
          { value: NONE, label: 'Select an archetype' },
          ...archetypes.map((a) => ({ value: a.id, label: a.name })),
        ]}
      />
      <FieldError id="mini-association-error" message={error} />
      <Button type="submit" disabled={associate.isPending} className="self-start">
        Associate
      </Button>
    </FormCard>
  );
};
