import { Dices, Shuffle } from 'lucide-react';
import type { DiverseTemplateDto } from '../../../../domain/contracts/mini-admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  useCreateDiverseDilemma,
  useGenerateDiverseDilemma,
  useGenerateRandomDilemma,
  useMiniAdminContext,
  usePendingDilemmas,
} from '../api/mini-admin';
import { AssociationForm, CreateChoiceForm, CreateDilemmaForm } from './mini-forms';
import { PendingDilemmaCard } from './mini-pending-card';

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

const TemplatePreview = ({
  template,
  onCreate,
  creating,
}: {
  template: DiverseTemplateDto;
  onCreate: () => void;
  creating: boolean;
}) => (
  <div className="flex flex-col gap-2 rounded-md bg-surface-sunken p-3">
    <p className="font-semibold">{template.title}</p>
    <p className="text-small">{template.scenario}</p>
    <p className="text-small text-ink-muted">{template.context}</p>
    <ul aria-label="Initial choices" className="list-disc pl-5 text-small">
      {template.initialChoices.map((c) => (
        <li key={c.content}>
          {c.content} <span className="text-ink-muted">({c.archetypeAlignment.join(', ')})</span>
        </li>
      ))}
    </ul>
    <Button size="sm" className="self-start" disabled={creating} onClick={onCreate}>
      Create This Dilemma
    </Button>
  </div>
);

/** Dilemmas drawn from the bank: a random tree, or a diverse flat one to preview first. */
const GeneratePanel = () => {
  const { toast } = useToast();
  const random = useGenerateRandomDilemma();
  const diverse = useGenerateDiverseDilemma();
  const createDiverse = useCreateDiverseDilemma();
  return (
    <Card padding="md" className="flex flex-col gap-3">
      <h3 className="text-lead font-semibold">Generate from the bank</h3>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={random.isPending}
          onClick={() =>
            random.mutate(undefined, {
              onSuccess: () => toast({ title: 'Random dilemma added for review' }),
              onError: (e) =>
                toast({
                  title: 'Failed to generate dilemma',
                  description: detailOf(e),
                  variant: 'destructive',
                }),
            })
          }
        >
          <Dices aria-hidden="true" />
          Generate Random Dilemma
        </Button>
        <Button
          variant="secondary"
          disabled={diverse.isPending}
          onClick={() =>
            diverse.mutate(undefined, {
              onError: (e) =>
                toast({
                  title: 'Failed to generate diverse dilemma',
                  description: detailOf(e),
                  variant: 'destructive',
                }),
            })
          }
        >
          <Shuffle aria-hidden="true" />
          Generate Diverse Dilemma
        </Button>
      </div>
      {diverse.data && (
        <TemplatePreview
          template={diverse.data}
          creating={createDiverse.isPending}
          onCreate={() =>
            createDiverse.mutate(diverse.data, {
              onSuccess: () => {
                diverse.reset();
                toast({ title: 'Diverse dilemma added for review' });
              },
              onError: (e) =>
                toast({
                  title: 'Failed to create diverse dilemma',
                  description: detailOf(e),
                  variant: 'destructive',
                }),
            })
          }
        />
      )}
    </Card>
  );
};

/** The Mini tab: dilemmas awaiting review, and the tools that write or draw them. */
export const MiniTab = () => {
  const context = useMiniAdminContext();
  const pending = usePendingDilemmas();
  if (context.isPending || pending.isPending) {
    return <SkeletonList count={3} label="Loading dilemmas" />;
  }
  if (context.isError || pending.isError) {
    return <p role="alert">Failed to load dilemmas: {detailOf(context.error ?? pending.error)}</p>;
  }
  const dilemmas = pending.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="mini-pending-title" className="flex flex-col gap-3">
        <h2 id="mini-pending-title" className="font-serif text-title">
          Pending dilemmas ({dilemmas.length})
        </h2>
        {dilemmas.length === 0 ? (
          <EmptyState title="No dilemmas awaiting review." />
        ) : (
          <ul aria-label="Pending dilemmas" className="flex flex-col gap-3">
            {dilemmas.map((d) => (
              <PendingDilemmaCard
                key={d.id}
                dilemma={d}
                today={context.data.today}
                tomorrow={context.data.tomorrow}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mini-build-title" className="flex flex-col gap-3">
        <h2 id="mini-build-title" className="font-serif text-title">
          Write or generate
        </h2>
        <GeneratePanel />
        <div className="grid gap-3 lg:grid-cols-3">
          <CreateDilemmaForm />
          <CreateChoiceForm dilemmas={dilemmas} />
          <AssociationForm dilemmas={dilemmas} archetypes={context.data.archetypes} />
        </div>
      </section>
    </div>
  );
};
