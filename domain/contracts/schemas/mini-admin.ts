import { z } from 'zod';
import { REVIEW_ARCHETYPES_SHOWN } from '../mini-admin';
import { miniId } from './mini';

const content = (message: string) =>
  z.string({ error: message }).max(4000, 'content is longer than 4000 characters');

/** POST /api/mini/dilemma: a new dilemma starts pending; it is activated once its tree is whole. */
export const createDilemmaBody = z.strictObject({
  content: content('Please enter dilemma content'),
  isActive: z
    .literal(false, { error: 'A new dilemma has no choices yet: activate it from the review list' })
    .optional(),
});
export type CreateDilemmaBody = z.input<typeof createDilemmaBody>;

/** POST /api/mini/choice. */
export const createChoiceBody = z.strictObject({
  dilemmaId: miniId('dilemmaId'),
  parentChoiceId: miniId('parentChoiceId').nullable().optional(),
  content: content('Please select a dilemma and enter choice content'),
  leadToArchetype: z.boolean({ error: 'leadToArchetype must be true or false' }).optional(),
  depth: z
    .number({ error: 'depth must be a number from 0 to 5' })
    .int('depth must be a whole number')
    .min(0, 'depth must be from 0 to 5')
    .max(5, 'depth must be from 0 to 5'),
});
export type CreateChoiceBody = z.input<typeof createChoiceBody>;

export const associationParams = z.strictObject({
  choiceId: miniId('choiceId'),
  archetypeId: miniId('archetypeId'),
});

export const dilemmaIdParams = z.strictObject({ id: miniId('id') });

/** POST /api/admin/dilemmas/{id}/schedule. */
export const scheduleDilemmaBody = z.strictObject({
  scheduledDate: z.iso.date({ error: 'Please select a date' }),
});

/** The spec's generated diverse dilemma template. */
export const diverseTemplate = z.strictObject({
  title: z.string().trim().min(1, 'title is required').max(200),
  scenario: z.string().trim().min(1, 'scenario is required').max(2000),
  context: z.string().trim().max(2000),
  initialChoices: z
    .array(
      z.strictObject({
        content: z.string().trim().min(1, 'a choice needs content').max(500),
        archetypeAlignment: z
          .array(z.string().trim().min(1).max(100))
          .min(1, 'a choice needs an archetype')
          .max(REVIEW_ARCHETYPES_SHOWN),
      }),
    )
    .min(2, 'a dilemma needs at least two choices')
    .max(6, 'at most 6 choices'),
  archetypes: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(100),
        description: z.string().max(2000),
      }),
    )
    .max(12),
});
export type DiverseTemplateDto = z.infer<typeof diverseTemplate>;
export const createDiverseBody = z.strictObject({ template: diverseTemplate });
