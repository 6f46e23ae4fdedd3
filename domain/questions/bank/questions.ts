import type { BankQuestion, Resource } from '../bank';
import type { QuestionCategory } from '../categories';

const sep = (slug: string, title: string, description: string): Omit<Resource, 'id'> => ({
  title,
  description,
  link: `https://plato.stanford.edu/entries/${slug}/`,
});
const wiki = (article: string, title: string, description: string): Omit<Resource, 'id'> => ({
  title,
  description,
  link: `https://en.wikipedia.org/wiki/${article}`,
});

type Entry = [content: string, resources: Omit<Resource, 'id'>[]];

/** Questions written for Boon, eight per category; ids are stable once shipped. */
const byCategory: [QuestionCategory, Entry[]][] = [
  [
    'Community & Society',
    [
      [
        'If your neighbour plays loud music every night but is otherwise kind and helpful, should you complain? Why or why not?',
        [
          wiki(
            'Tragedy_of_the_commons',
            'Tragedy of the commons',
            'How shared spaces suffer when each person acts only for themselves.',
          ),
        ],
      ],
      [
        'Do we owe more help to people in our own town than to strangers far away? Why or why not?',
        [
          sep(
            'cosmopolitanism',
            'Cosmopolitanism',
            'The idea that every human being belongs to a single moral community.',
          ),
        ],
      ],
      [
        'Is it wrong to stay silent when a friend tells a joke that mocks a group of people who are not in the room?',
        [
          wiki(
            'Bystander_effect',
            'Bystander effect',
            'Why people are less likely to act when others are present.',
          ),
        ],
      ],
      [
        'Should everyone be expected to volunteer some of their time for their community, or should giving time always be a free choice?',
        [
          sep(
            'civic-humanism',
            'Civic humanism',
            'The tradition that sees active participation in public life as part of a good life.',
          ),
        ],
      ],
      [
        'When a long-time local shop closes because a cheaper chain opened nearby, has anyone done something wrong? Why or why not?',
        [
          wiki(
            'Gentrification',
            'Gentrification',
            'How neighbourhoods change when wealthier residents and businesses move in.',
          ),
        ],
      ],
      [
        'Is it fair for a community to keep traditions that some of its younger members no longer believe in?',
        [
          sep(
            'multiculturalism',
            'Multiculturalism',
            'Debates about how societies should treat cultural and religious differences.',
          ),
        ],
      ],
      [
        'Should people who rarely use public parks still pay taxes to maintain them? Why or why not?',
        [
          wiki(
            'Public_good_(economics)',
            'Public good',
            'Goods that everyone can use and no one can easily be kept from using.',
          ),
        ],
      ],
      [
        'Is gossip about a public figure’s private life ever harmless? Why or why not?',
        [sep('privacy', 'Privacy', 'What privacy is and why it may matter morally.')],
      ],
    ],
  ],
  [
    'Ethics & Morality',
    [
      [
        'Is it ever right to tell a lie to spare someone’s feelings? Why or why not?',
        [
          sep(
            'lying-definition',
            'The definition of lying and deception',
            'What counts as a lie, and how it differs from other ways of misleading.',
          ),
        ],
      ],
      [
        'If you find a wallet with cash and no identification, what do you owe to its unknown owner?',
        [
          sep(
            'moral-particularism',
            'Moral particularism',
            'Whether moral judgement depends on general principles or on the details of each case.',
          ),
        ],
      ],
      [
        'Does a good result make up for a bad intention? Why or why not?',
        [
          sep(
            'consequentialism',
            'Consequentialism',
            'The view that the rightness of an act depends only on its consequences.',
          ),
        ],
      ],
      [
        'Is breaking a promise ever the right thing to do? Why or why not?',
        [
          sep(
            'promises',
            'Promises',
            'Why promises bind us, and when that obligation may give way.',
          ),
        ],
      ],
      [
        'Should you forgive someone who has never apologised to you? Why or why not?',
        [sep('forgiveness', 'Forgiveness', 'What forgiveness is, and whether it must be earned.')],
      ],
      [
        'Are we responsible for harms we could easily have prevented but did not cause?',
        [
          sep(
            'doing-allowing',
            'Doing vs. allowing harm',
            'Whether causing harm is worse than allowing it to happen.',
          ),
        ],
      ],
      [
        'Is it wrong to enjoy a work of art made by someone who did terrible things? Why or why not?',
        [
          sep(
            'aesthetics-18th-british',
            'British aesthetics of the 18th century',
            'Early debates about taste and how we judge what is beautiful.',
          ),
        ],
      ],
      [
        'Can a person be good without believing in any moral rules at all?',
        [
          sep(
            'ethics-virtue',
            'Virtue ethics',
            'An approach to ethics centred on character rather than rules.',
          ),
        ],
      ],
    ],
  ],
  [
    'Economy & Work',
    [
      [
        'Should a company keep paying a loyal employee whose work is no longer needed? Why or why not?',
        [sep('loyalty', 'Loyalty', 'What loyalty asks of us, and when it may go too far.')],
      ],
      [
        'Is it fair that some jobs that keep society running pay far less than jobs that do not?',
        [sep('desert', 'Desert', 'What it means to deserve something, including pay for work.')],
      ],
      [
        'Should tipping be replaced by higher fixed wages? Why or why not?',
        [wiki('Gratuity', 'Gratuity', 'The history and practice of tipping around the world.')],
      ],
      [
        'If you could earn more by working for a company whose product you think is harmful, should you take the job?',
        [
          sep(
            'moral-responsibility',
            'Moral responsibility',
            'When people deserve praise or blame for what they do.',
          ),
        ],
      ],
      [
        'Is it wrong to buy very cheap clothes when you suspect they were made in poor working conditions?',
        [
          wiki(
            'Sweatshop',
            'Sweatshop',
            'Workplaces with very low pay and poor conditions, and the debates about them.',
          ),
        ],
      ],
      [
        'Should everyone receive a basic income from the state whether or not they work? Why or why not?',
        [
          wiki(
            'Universal_basic_income',
            'Universal basic income',
            'Proposals to give every person a regular unconditional payment.',
          ),
        ],
      ],
      [
        'Is it acceptable to use a sick day when you are not ill but need a rest? Why or why not?',
        [
          wiki(
            'Burnout_(psychology)',
            'Burnout',
            'Exhaustion from prolonged stress at work, and its effects.',
          ),
        ],
      ],
      [
        'Do successful people owe part of their success to luck, and does that change what they owe others?',
        [
          sep(
            'luck-egalitarianism',
            'Luck egalitarianism',
            'The view that inequalities due to luck are unjust.',
          ),
        ],
      ],
    ],
  ],
  [
    'Education & Knowledge',
    [
      [
        'Should schools teach students what to think about moral questions, or only how to think about them?',
        [
          sep(
            'moral-education',
            'Moral education',
            'Philosophical questions about teaching morality to children.',
          ),
        ],
      ],
      [
        'Is it cheating to use a tool that writes part of your essay if no rule forbids it? Why or why not?',
        [
          wiki(
            'Academic_dishonesty',
            'Academic dishonesty',
            'Forms of cheating in education and why they matter.',
          ),
        ],
      ],
      [
        'Should university education be free for everyone? Why or why not?',
        [
          wiki(
            'Free_education',
            'Free education',
            'Education funded by taxes or charity rather than tuition fees.',
          ),
        ],
      ],
      [
        'Is it ever right to keep knowledge secret if sharing it could cause harm?',
        [
          wiki(
            'Dual-use_technology',
            'Dual-use technology',
            'Knowledge and tools that can serve both good and harmful purposes.',
          ),
        ],
      ],
      [
        'Do parents have the right to decide what their children learn about history? Why or why not?',
        [
          sep(
            'parenthood',
            'Parenthood and procreation',
            'The rights and duties that come with being a parent.',
          ),
        ],
      ],
      [
        'Is it better to be told a painful truth about yourself or to be left with a comfortable belief?',
        [sep('truth', 'Truth', 'Theories of what truth is and why we might value it.')],
      ],
      [
        'Should grades be abolished in favour of written feedback? Why or why not?',
        [
          wiki(
            'Grading_in_education',
            'Grading in education',
            'How and why students are graded, and the criticisms of grading.',
          ),
        ],
      ],
      [
        'When experts disagree, how should an ordinary person decide whom to trust?',
        [
          sep(
            'epistemology-social',
            'Social epistemology',
            'How we gain knowledge from others and from institutions.',
          ),
        ],
      ],
    ],
  ],
  [
    'Environment & Sustainability',
    [
      [
        'Is it wrong to take a long flight for a holiday when you know the climate cost? Why or why not?',
        [
          wiki(
            'Environmental_impact_of_aviation',
            'Environmental impact of aviation',
            'How flying contributes to climate change.',
          ),
        ],
      ],
      [
        'Do we owe anything to people who will be born a hundred years from now?',
        [
          sep(
            'justice-intergenerational',
            'Intergenerational justice',
            'What present generations owe to future ones.',
          ),
        ],
      ],
      [
        'Should individuals change their habits to protect the environment even if their own impact is tiny?',
        [
          wiki(
            'Collective_action_problem',
            'Collective action problem',
            'Why groups fail to act together even when all would benefit.',
          ),
        ],
      ],
      [
        'Do animals and plants have value apart from their usefulness to humans? Why or why not?',
        [
          sep(
            'ethics-environmental',
            'Environmental ethics',
            'The moral relationship between people and the natural world.',
          ),
        ],
      ],
      [
        'Should rich countries pay more to fight climate change than poor ones? Why or why not?',
        [
          wiki(
            'Climate_justice',
            'Climate justice',
            'The fairness of who bears the costs of climate change and its remedies.',
          ),
        ],
      ],
      [
        'Is it acceptable to keep wild animals in zoos to protect their species? Why or why not?',
        [
          sep(
            'moral-animal',
            'The moral status of animals',
            'Whether and why animals matter morally.',
          ),
        ],
      ],
      [
        'Should a town accept a factory that brings jobs but pollutes its river? Why or why not?',
        [
          wiki(
            'Environmental_justice',
            'Environmental justice',
            'How environmental harms fall unequally on different communities.',
          ),
        ],
      ],
      [
        'Is buying less a moral duty in a world of limited resources? Why or why not?',
        [
          wiki(
            'Sustainable_consumption',
            'Sustainable consumption',
            'Using goods and services in ways that reduce harm to the environment.',
          ),
        ],
      ],
    ],
  ],
  [
    'Health & Wellbeing',
    [
      [
        'Should people be free to make choices that harm only their own health? Why or why not?',
        [
          sep(
            'paternalism',
            'Paternalism',
            'Interfering with a person’s choices for their own good.',
          ),
        ],
      ],
      [
        'If there are not enough hospital beds for everyone, who should get one first?',
        [wiki('Triage', 'Triage', 'How medical care is prioritised when resources are scarce.')],
      ],
      [
        'Should a doctor ever keep a hard diagnosis from a patient who says they do not want to know?',
        [
          sep(
            'informed-consent',
            'Informed consent',
            'The ethics of agreeing to medical treatment with full information.',
          ),
        ],
      ],
      [
        'Is it fair to charge people more for health insurance if they smoke? Why or why not?',
        [
          wiki(
            'Health_insurance',
            'Health insurance',
            'How insurance spreads the cost of medical care.',
          ),
        ],
      ],
      [
        'Do we have a duty to look after our own mental health for the sake of the people around us?',
        [
          wiki(
            'Mental_health',
            'Mental health',
            'Emotional, psychological and social well-being, and what supports it.',
          ),
        ],
      ],
      [
        'Should organ donation be automatic unless a person opts out? Why or why not?',
        [
          wiki(
            'Opt-out',
            'Opt-out',
            'Systems in which people take part unless they choose not to.',
          ),
        ],
      ],
      [
        'Is it right to tell a friend you are worried about their drinking, even if they may be angry?',
        [sep('friendship', 'Friendship', 'What friendship is and what friends owe each other.')],
      ],
      [
        'Should healthy people be paid to take part in risky medical trials? Why or why not?',
        [wiki('Clinical_trial', 'Clinical trial', 'How new treatments are tested on volunteers.')],
      ],
    ],
  ],
  [
    'Technology & Innovation',
    [
      [
        'Should a self-driving car be programmed to protect its passengers first or pedestrians first? Why?',
        [
          wiki(
            'Trolley_problem',
            'Trolley problem',
            'A classic thought experiment about choosing between harms.',
          ),
        ],
      ],
      [
        'Is it wrong to read a partner’s messages if you suspect they are lying to you? Why or why not?',
        [sep('privacy', 'Privacy', 'What privacy is and why it may matter morally.')],
      ],
      [
        'Should social media companies decide what counts as misinformation? Why or why not?',
        [
          wiki(
            'Content_moderation',
            'Content moderation',
            'How online platforms review and remove what users post.',
          ),
        ],
      ],
      [
        'If a machine could do your job better, would it be wrong to insist on keeping it? Why or why not?',
        [
          wiki(
            'Technological_unemployment',
            'Technological unemployment',
            'Jobs lost to new technology, and how societies respond.',
          ),
        ],
      ],
      [
        'Is it acceptable for apps to be designed to keep people scrolling as long as possible? Why or why not?',
        [
          wiki(
            'Attention_economy',
            'Attention economy',
            'Treating human attention as a scarce resource to be captured.',
          ),
        ],
      ],
      [
        'Should parents share photos of their children online before the children can agree to it?',
        [
          wiki(
            'Sharenting',
            'Sharenting',
            'Parents sharing content about their children on the internet.',
          ),
        ],
      ],
      [
        'Would it be right to edit the genes of an unborn child to prevent a serious disease? Why or why not?',
        [
          wiki(
            'Human_genetic_enhancement',
            'Human genetic enhancement',
            'Changing human genes to prevent disease or improve traits.',
          ),
        ],
      ],
      [
        'Do we owe honesty to an AI assistant, or only to the people behind it?',
        [
          sep(
            'ethics-ai',
            'Ethics of artificial intelligence and robotics',
            'The moral questions raised by intelligent machines.',
          ),
        ],
      ],
    ],
  ],
  [
    'Justice & Rights',
    [
      [
        'Is it ever right to break a law you believe is unjust? Why or why not?',
        [
          sep(
            'civil-disobedience',
            'Civil disobedience',
            'Deliberately breaking the law to protest an injustice.',
          ),
        ],
      ],
      [
        'Should a person who committed a crime as a teenager have it erased from their record as an adult?',
        [wiki('Expungement', 'Expungement', 'Sealing or erasing criminal records.')],
      ],
      [
        'Is punishment mainly about making things right for the victim, or about protecting everyone else?',
        [sep('legal-punishment', 'Legal punishment', 'Why and how the state may justly punish.')],
      ],
      [
        'Should free speech protect words that deeply offend others? Why or why not?',
        [
          sep(
            'freedom-speech',
            'Freedom of speech',
            'The limits and justifications of free expression.',
          ),
        ],
      ],
      [
        'If a friend confesses a serious crime to you, should you report it? Why or why not?',
        [sep('loyalty', 'Loyalty', 'What loyalty asks of us, and when it may go too far.')],
      ],
      [
        'Is it fair to choose people for jobs partly to correct past discrimination? Why or why not?',
        [
          sep(
            'affirmative-action',
            'Affirmative action',
            'Policies that favour groups affected by past discrimination.',
          ),
        ],
      ],
      [
        'Do people have a right to know where their food comes from and how it was made?',
        [
          wiki(
            'Right_to_know',
            'Right to know',
            'The idea that people are entitled to certain information.',
          ),
        ],
      ],
      [
        'Should wealthy people be allowed to pay for a faster path through courts or public services? Why or why not?',
        [sep('equality', 'Equality', 'What equality means and which kinds matter for justice.')],
      ],
    ],
  ],
];

export const questionBank: BankQuestion[] = byCategory.flatMap(([category, entries], c) =>
  entries.map(([content, resources], i) => {
    const id = c * entries.length + i + 1;
    return {
      id,
      content,
      category,
      resources: resources.map((resource, r) => ({ id: `q${id}-r${r + 1}`, ...resource })),
    };
  }),
);
