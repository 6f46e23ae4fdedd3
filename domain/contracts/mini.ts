/** Ids of dilemmas, choices and archetypes: bank slugs ('bank-03-a') or generated UUIDs. */
export const MINI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The spec's journey rule: a journey ends at a choice that leads to an archetype, or at depth 3. */
export const JOURNEY_END_DEPTH = 3;

/** Whether choosing this choice ends the journey (the server and the browser agree on it). */
export const endsJourney = (choice: { leadToArchetype: boolean; depth: number }): boolean =>
  choice.leadToArchetype || choice.depth >= JOURNEY_END_DEPTH;

/** A lone next step at these depths goes on by itself after a pause (the spec's auto-advance). */
export const autoAdvances = (children: readonly { depth: number }[]): boolean =>
  children.length === 1 && children[0]!.depth >= 1 && children[0]!.depth <= JOURNEY_END_DEPTH;

/** The spec's result chat limit. */
export const RESULT_CHAT_MAX_LENGTH = 200;

export type { PostChatMessageBody, SaveResultBody } from './schemas/mini';

export type DilemmaDto = { id: string; content: string };

export type ChoiceDto = {
  id: string;
  dilemmaId: string;
  parentChoiceId: string | null;
  content: string;
  depth: number;
  leadToArchetype: boolean;
};

export type ArchetypeDto = {
  id: string;
  name: string;
  description: string;
  worldview: string;
  coreValues: string[];
  approach: string;
};

/** Today's result for the caller, when they have one. */
export type TodayResultDto = { dilemmaId: string; archetypeId: string | null };

export type SaveResultDto = {
  dilemmaId: string;
  archetypeId: string;
  path: string[];
  position: string | null;
};

/** Someone else who reached the same archetype today; no id, no name. */
export type FellowTravelerDto = { completedAt: string };

export type ChatMessageDto = {
  id: string;
  /** The author's nickname in this chat, given by the server ('Anonymous Traveler' when none). */
  username: string;
  content: string;
  timestamp: string;
  /** True only for the caller's own messages (decided by the server). */
  isOwn: boolean;
};

export const ANONYMOUS_TRAVELER = 'Anonymous Traveler';

/** The spec's nickname: one of 10 adjectives, one of 10 nouns, and a number from 0 to 99. */
export const NICKNAME_ADJECTIVES = [
  'Brave',
  'Calm',
  'Curious',
  'Gentle',
  'Honest',
  'Kind',
  'Quiet',
  'Steady',
  'Thoughtful',
  'Wise',
] as const;
export const NICKNAME_NOUNS = [
  'Traveler',
  'Wanderer',
  'Seeker',
  'Pilgrim',
  'Explorer',
  'Voyager',
  'Thinker',
  'Dreamer',
  'Walker',
  'Listener',
] as const;

export type PostChatMessageResult = { message: ChatMessageDto; position: string | null };

/** GET …/chat/nickname: what the caller is called in this chat. */
export type TravelerNicknameDto = { nickname: string };

/** One step of the legacy narrative. */
export type NarrativePromptDto = {
  depth: number;
  title: string;
  scenario: string;
  context?: string;
  choices: { id: string; label: string; nextPromptId: string | null }[];
};

export type NarrativeDto = {
  dilemmaId: string;
  initialPrompt: string;
  fullNarrative: Record<string, NarrativePromptDto>;
};

export type NarrativeResultDto = {
  archetype: ArchetypeDto;
  /** False when today's result already existed: the archetype is shown, not recorded again. */
  recorded: boolean;
  position: string | null;
};

/** The parts of a dilemma's text, split on the spec's markers. */
export const parseDilemmaContent = (content: string) => {
  const match = /Initial Prompt:([\s\S]*?)(?:Initial Options:([\s\S]*))?$/.exec(content);
  if (!match) return { prompt: content.trim(), options: null };
  return { prompt: match[1]!.trim(), options: match[2]?.trim() || null };
};

/** The parts of a choice's text: its label, and what happens next when it has a follow-up. */
export const parseChoiceContent = (content: string) => {
  const final = /^\s*Final Choice:/.test(content);
  const body = final ? content.replace(/^\s*Final Choice:/, '') : content;
  const [label = '', rest = ''] = body.split(/Follow-up Prompt:/);
  const [followUp, newOptions] = rest.split(/New Options:/);
  return {
    label: label.trim(),
    followUp: followUp?.trim() || null,
    newOptions: newOptions?.trim() || null,
    final,
  };
};
