import type { QuestionCategory } from '../questions/categories';
import { score, stem, termsOf, tokens } from './words';

/**
 * Relevance: does the answer speak to the question? Measured by the question's own topic words
 * found in the answer, the vocabulary of the question's category, and the words of reasoning
 * ("because", "fair", "should") that mark an answer that argues rather than chats.
 */

const lexicon = (words: string): ReadonlySet<string> =>
  new Set(words.split(/\s+/).filter(Boolean).map(stem));

const CATEGORY_TERMS: Record<QuestionCategory, ReadonlySet<string>> = {
  'Community & Society': lexicon(
    'community neighbour neighbor society public local town city together shared social belong citizens culture family friends strangers help',
  ),
  'Ethics & Morality': lexicon(
    'moral morality ethics ethical right wrong duty virtue honest honesty lie lying promise trust integrity conscience good evil harm principle',
  ),
  'Economy & Work': lexicon(
    'work job jobs money wage wages pay salary economy market business employer employee workers profit cost tax income labour labor',
  ),
  'Education & Knowledge': lexicon(
    'education school teacher teachers students learn learning knowledge university study children truth science curriculum teach',
  ),
  'Environment & Sustainability': lexicon(
    'environment climate nature planet pollution sustainable sustainability animals future generations energy carbon waste earth resources',
  ),
  'Health & Wellbeing': lexicon(
    'health healthy medical medicine doctor doctors patient patients care wellbeing mental illness body treatment life death risk',
  ),
  'Technology & Innovation': lexicon(
    'technology tech ai algorithm algorithms data privacy internet online machine machines automation digital software phones innovation robots',
  ),
  'Justice & Rights': lexicon(
    'justice rights law laws legal court punishment prison crime fair fairness equality freedom liberty police victim victims',
  ),
  'Political & Governance': lexicon(
    'politics political government vote voting democracy power policy state leaders election citizens law laws rule',
  ),
};

const REASONING = lexicon(
  'because since therefore however although unless should ought fair unfair right wrong matter matters believe reason value values consequence consequences responsibility depends',
);

const categoryTerms = (category: string): ReadonlySet<string> =>
  CATEGORY_TERMS[category as QuestionCategory] ?? new Set();

const hits = (terms: ReadonlySet<string>, answer: ReadonlySet<string>) =>
  [...terms].filter((term) => answer.has(term)).length;

export const scoreRelevance = (answer: string, question: string, category: string): number => {
  const words = termsOf(answer);
  const questionTerms = termsOf(question);
  const ofQuestion =
    questionTerms.size === 0 ? 0 : hits(questionTerms, words) / Math.min(2, questionTerms.size);
  const ofCategory = hits(categoryTerms(category), words) / 2;
  // Reasoning words are mostly stop words: looked for among all of the answer's words.
  const reasoning = hits(REASONING, new Set(tokens(answer).map(stem))) / 2;
  return score(
    0.1 +
      0.5 * Math.min(1, ofQuestion) +
      0.25 * Math.min(1, ofCategory) +
      0.15 * Math.min(1, reasoning),
  );
};
