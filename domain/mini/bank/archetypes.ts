/** A moral archetype: where a journey's choices lead. Written for Boon. */
export type Archetype = {
  id: string;
  name: string;
  description: string;
  worldview: string;
  coreValues: readonly string[];
  approach: string;
};

/** The archetypes the bank's dilemmas lead to; ids are stable once shipped. */
export const bankArchetypes = [
  {
    id: 'guardian',
    name: 'The Guardian',
    description:
      'You step between harm and the people who cannot shield themselves. When someone is exposed, your first thought is who needs protecting, and you accept the cost of standing in the way.',
    worldview: 'A community is measured by how it treats the people with the least power in it.',
    coreValues: ['Protection', 'Duty of care', 'Courage'],
    approach:
      'You look for the most vulnerable person in a situation and build your decision around keeping them safe.',
  },
  {
    id: 'truth-teller',
    name: 'The Truth-Teller',
    description:
      'You would rather say the hard thing kindly than let a comfortable falsehood grow. Trust, for you, is built one honest sentence at a time.',
    worldview: 'Nothing good lasts long on a foundation of things left unsaid.',
    coreValues: ['Honesty', 'Integrity', 'Transparency'],
    approach:
      'You bring what is hidden into the open, choosing the gentlest true words rather than the easiest false ones.',
  },
  {
    id: 'bridge-builder',
    name: 'The Bridge Builder',
    description:
      'You see the people on both sides of a conflict and look for the path that lets them keep walking together. You would rather mend than win.',
    worldview: 'Most disagreements hide a shared need that nobody has named yet.',
    coreValues: ['Reconciliation', 'Empathy', 'Dialogue'],
    approach:
      'You slow the argument down, ask what each side really needs, and search for the arrangement that honours both.',
  },
  {
    id: 'steward',
    name: 'The Steward',
    description:
      'You think in seasons and generations. What you were handed, you want to pass on in better shape, even when that means giving something up today.',
    worldview: 'We borrow the world from the people who come after us.',
    coreValues: ['Responsibility', 'Sustainability', 'Patience'],
    approach:
      'You weigh the long-term effects of a choice, and you will trade a quick gain for something that endures.',
  },
  {
    id: 'pragmatist',
    name: 'The Pragmatist',
    description:
      'You judge a choice by what it actually does in the world. Good intentions matter less to you than the people who end up better or worse off.',
    worldview: 'The right thing is the thing that leaves the most people better off.',
    coreValues: ['Effectiveness', 'Realism', 'Resourcefulness'],
    approach:
      'You map out the likely consequences, pick the option that helps most, and adjust as you learn.',
  },
  {
    id: 'loyal-companion',
    name: 'The Loyal Companion',
    description:
      'Your promises and your people come first. You believe that being someone others can count on is itself a moral achievement.',
    worldview: 'We become good by keeping faith with the particular people who rely on us.',
    coreValues: ['Loyalty', 'Commitment', 'Belonging'],
    approach:
      'You ask what you owe to the people closest to you, and you keep your word even when it is inconvenient.',
  },
  {
    id: 'reformer',
    name: 'The Reformer',
    description:
      'When a rule produces unfairness, you question the rule. You are willing to be uncomfortable, and to make others uncomfortable, for the sake of a fairer arrangement.',
    worldview: 'Systems are made by people, so people can remake them.',
    coreValues: ['Justice', 'Equality', 'Conviction'],
    approach:
      'You look past the single case to the pattern behind it and push to change what keeps causing harm.',
  },
  {
    id: 'free-spirit',
    name: 'The Free Spirit',
    description:
      'You defend each person’s right to choose their own way, including the choices you would never make. Freedom, for you, includes the freedom to be wrong.',
    worldview: 'People flourish when they are trusted to steer their own lives.',
    coreValues: ['Autonomy', 'Respect', 'Authenticity'],
    approach:
      'You offer information and support, then step back and let people decide for themselves.',
  },
  {
    id: 'quiet-sage',
    name: 'The Quiet Sage',
    description:
      'You pause where others rush. You distrust your first reaction, listen for what you might be missing, and act only once you understand.',
    worldview: 'Most harm comes from certainty that arrived too quickly.',
    coreValues: ['Humility', 'Reflection', 'Restraint'],
    approach:
      'You gather perspectives, sit with the discomfort of not knowing, and choose the response you can stand behind tomorrow.',
  },
  {
    id: 'rule-keeper',
    name: 'The Rule Keeper',
    description:
      'You believe fairness lives in rules applied the same way to everyone. Exceptions, however kind, make you uneasy because someone else always pays for them.',
    worldview: 'A promise made to everyone is only kept if it is kept for everyone.',
    coreValues: ['Fairness', 'Consistency', 'Accountability'],
    approach:
      'You ask what the agreed rule says and apply it evenly, changing rules openly rather than bending them quietly.',
  },
] as const satisfies readonly Archetype[];

export type BankArchetypeId = (typeof bankArchetypes)[number]['id'];
