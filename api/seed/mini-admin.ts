import type { ProductDay } from '../../domain/shared/product-day';
import { momentIn, type Seeder, type SeedWorld } from './world';

/** A dilemma an admin is writing: two first options, one of which leads on to two endings. */
const draft = {
  content:
    'Initial Prompt: Your neighbour asks you to water her plants while she is away, and you notice a letter from the council saying her extension was built without permission.\nInitial Options: Say nothing, mention it kindly, or report it.',
  choices: [
    { content: 'Final Choice: Say nothing: it is not your business.', archetype: 'free-spirit' },
    {
      content:
        'Mention it when she is back.\nFollow-up Prompt: She asks you to keep it to yourself.\nNew Options: Promise, or tell her you cannot.',
      next: [
        { content: 'Final Choice: Promise, and keep it.', archetype: 'loyal-companion' },
        { content: 'Final Choice: Tell her you cannot promise.', archetype: 'truth-teller' },
      ],
    },
  ],
} as const;

/** The worlds already given their drafts: the seeder writes them on the first day only. */
const seeded = new WeakSet<SeedWorld>();

/**
 * Once, on the first day written: the configured admin writes a dilemma choice by choice and
 * draws another from the bank, and leaves both pending on the Mini tab for review.
 */
export const miniAdminSeeder: Seeder = {
  name: 'dilemmas awaiting review on the Mini tab',
  day: async (world: SeedWorld, day: ProductDay) => {
    const admin = world.server.context.auth.admin;
    if (!admin || seeded.has(world)) return;
    seeded.add(world);
    world.at(momentIn(day, 0.9, world.rules));
    const login = await world.call(null, 'POST', '/api/admin/login', {
      username: admin.username,
      password: admin.password,
    });
    if (login.status !== 200) return;
    const token = login.body.token as string;
    const as = (method: string, path: string, body?: unknown) =>
      world.call(null, method, path, body, token);
    const dilemma = await as('POST', '/api/mini/dilemma', { content: draft.content });
    const dilemmaId = dilemma.body.id as string;
    const add = async (content: string, parentChoiceId: string | null, ends: boolean) =>
      (
        await as('POST', '/api/mini/choice', {
          dilemmaId,
          parentChoiceId,
          content,
          depth: parentChoiceId ? 1 : 0,
          leadToArchetype: ends,
        })
      ).body.id as string;
    for (const choice of draft.choices) {
      const id = await add(choice.content, null, 'archetype' in choice);
      if ('archetype' in choice) {
        await as('POST', `/api/mini/choice/${id}/archetype/${choice.archetype}`);
      }
      for (const next of 'next' in choice ? choice.next : []) {
        const nextId = await add(next.content, id, true);
        await as('POST', `/api/mini/choice/${nextId}/archetype/${next.archetype}`);
      }
    }
    await as('POST', '/api/admin/mini/generate-random', {});
    await as('POST', '/api/admin/logout');
  },
};
