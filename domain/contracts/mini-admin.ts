import type { ArchetypeDto } from './mini';

/** The spec's list limits on the Mini tab. */
export const REVIEW_ARCHETYPES_SHOWN = 6;
export const ARCHETYPE_DESCRIPTION_CUT = 100;
export const CHOICE_LABEL_CUT = 50;

/** The spec's length cut, with an ellipsis when something was cut. */
export const cut = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}…` : text;

export type { CreateChoiceBody, CreateDilemmaBody, DiverseTemplateDto } from './schemas/mini-admin';

export type AdminChoiceDto = {
  id: string;
  parentChoiceId: string | null;
  content: string;
  depth: number;
  leadToArchetype: boolean;
  archetypeIds: string[];
};

/** A dilemma on the review list. */
export type PendingDilemmaDto = {
  id: string;
  content: string;
  isActive: false;
  dateAdded: string;
  scheduledDate: string | null;
  source: 'admin' | 'bank' | 'generated';
  createdBy: string | null;
  choices: AdminChoiceDto[];
  /** The archetypes its choices lead to, at most 6 (the spec's review limit). */
  archetypes: ArchetypeDto[];
  /** Why it cannot be walked yet (dead ends, missing archetypes); empty when it can. */
  problems: string[];
};

/** What the Mini tab needs besides the list: the product days and the archetypes to link. */
export type MiniAdminContextDto = { today: string; tomorrow: string; archetypes: ArchetypeDto[] };

export type MiniAdminWriteDto = { id: string; position: string | null };
