import { ends, leads, type BankDilemma } from './build';

/** Dilemma trees written for Boon: the second week. Ids and the order of choices are stable. */
export const secondWeek: BankDilemma[] = [
  {
    id: 'bank-08',
    prompt:
      'Your elderly neighbour has started leaving the stove on and forgetting who you are. Her son lives abroad and has asked you not to involve social services, because she would hate to leave her home.',
    options: 'Respect the son’s wish, call for help, or talk to your neighbour herself.',
    choices: [
      leads(
        'Respect the son’s wish and check on her every day yourself.',
        'One evening you find a pan burning and her sitting calmly in the next room.',
        'Keep it between you, or call the son and insist.',
        ends('Call the son and insist that something has to change this week.', 'guardian'),
        ends('Fit a stove guard and keep your promise to the family.', 'loyal-companion'),
      ),
      ends(
        'Call social services: her safety comes before anyone’s wishes.',
        'guardian',
        'rule-keeper',
      ),
      leads(
        'Sit down with your neighbour and ask what she wants.',
        'She says she knows she is slipping, and she would rather take the risk at home than be safe somewhere strange.',
        'Honour her choice, or look for a middle way.',
        ends('Honour her choice and help her make home as safe as possible.', 'free-spirit'),
        ends(
          'Bring her, her son and a nurse together to find a plan she can accept.',
          'bridge-builder',
        ),
      ),
    ],
  },
  {
    id: 'bank-09',
    prompt:
      'You are on a hiring panel. The strongest candidate on paper is a friend of the director; another candidate scored slightly lower but would be the first person from her neighbourhood ever hired here.',
    options: 'Hire on the scores, argue for the second candidate, or question the process itself.',
    choices: [
      ends('Hire on the scores: the process was agreed in advance.', 'rule-keeper'),
      leads(
        'Argue for the second candidate.',
        'The director asks whether you are choosing her for her skills or for her background.',
        'Answer honestly, or reframe the argument around the job.',
        ends('Say honestly that both matter to you, and why.', 'truth-teller', 'reformer'),
        ends('Point to what she would bring to the work that the scores missed.', 'pragmatist'),
      ),
      leads(
        'Question the process: the director’s friendship should have been declared.',
        'The panel agrees to pause; the director is offended.',
        'Insist on a fresh round, or settle for a declared conflict.',
        leads(
          'Insist on a fresh round with an outside panellist.',
          'The fresh round is scheduled, and the first candidate withdraws.',
          'Your last decision is how to close the matter.',
          ends('Propose a written rule so the next panel never faces this.', 'reformer'),
        ),
        ends('Settle for a declared conflict and keep the team together.', 'bridge-builder'),
      ),
    ],
  },
  {
    id: 'bank-10',
    prompt:
      'A storm has cut off your village. You manage the only shop with a generator, and people are queuing for bottled water. There is not enough for everyone until the road reopens, maybe in three days.',
    options: 'Ration it, sell it as usual, or hand control to the community.',
    choices: [
      leads(
        'Ration it: a fixed amount per household.',
        'A family with a newborn asks for more than the ration.',
        'Make an exception, or keep every household equal.',
        ends('Make the exception openly and explain it to the queue.', 'guardian'),
        ends('Keep the rule equal and help them find water elsewhere.', 'rule-keeper'),
      ),
      ends(
        'Sell as usual at the normal price and let people decide what they need.',
        'free-spirit',
      ),
      leads(
        'Ask the village to decide together how the water is shared.',
        'The meeting is tense: some want priority for the sick, others a lottery.',
        'Guide them towards a plan, or step back entirely.',
        ends('Guide them towards priority for the most vulnerable.', 'guardian', 'bridge-builder'),
        ends('Step back: the plan belongs to everyone, not to you.', 'quiet-sage'),
      ),
    ],
  },
  {
    id: 'bank-11',
    prompt:
      'Your company can cut costs by a third by switching to a supplier in a country with weak labour laws. The savings would prevent layoffs at home next year.',
    options: 'Switch suppliers, refuse, or switch only on conditions.',
    choices: [
      ends('Switch: the jobs of people you know are at stake.', 'loyal-companion', 'pragmatist'),
      ends(
        'Refuse: you will not profit from conditions you would not accept for yourself.',
        'reformer',
      ),
      leads(
        'Switch only if the supplier accepts independent labour audits.',
        'The supplier agrees, but the audits raise the price and shrink the savings by half.',
        'Accept the smaller savings, or look for a supplier closer to home.',
        ends(
          'Accept the smaller savings and publish the audit results.',
          'truth-teller',
          'steward',
        ),
        ends('Look closer to home and invest in longer-term savings instead.', 'steward'),
      ),
    ],
  },
  {
    id: 'bank-12',
    prompt:
      'A friend shows you a short story they plan to submit to a competition. You recognise whole paragraphs from a little-known book you both read years ago.',
    options: 'Say so directly, hint at it, or say nothing.',
    choices: [
      ends('Tell them directly what you recognised.', 'truth-teller'),
      leads(
        'Ask them, gently, where the idea came from.',
        'They say they honestly thought the words were their own and look frightened.',
        'Help them rewrite it, or tell them to withdraw.',
        ends(
          'Help them rewrite those passages in their own voice.',
          'loyal-companion',
          'bridge-builder',
        ),
        ends('Tell them to withdraw this year and enter next time.', 'rule-keeper'),
      ),
      leads(
        'Say nothing for now and think it over.',
        'The story wins a small prize, and your friend is overjoyed.',
        'Speak up now, or let it rest.',
        ends(
          'Speak up privately: the prize does not change what is true.',
          'truth-teller',
          'quiet-sage',
        ),
        ends('Let it rest: the harm is small and the friendship is large.', 'pragmatist'),
      ),
    ],
  },
  {
    id: 'bank-13',
    prompt:
      'You volunteer at a shelter that has one free bed tonight. Two people arrive at once: a man who was banned last month for fighting, and a young woman who has never stayed in a shelter before.',
    options: 'Follow the ban, give the bed by need, or find a way to help both.',
    choices: [
      ends('Follow the ban: the rules keep everyone else safe.', 'rule-keeper'),
      leads(
        'Give the bed to whoever needs it more tonight.',
        'The man is feverish; the young woman says she has nowhere safe to go.',
        'Decide yourself, or ask the two of them to help you decide.',
        ends('Decide yourself and take responsibility for it.', 'guardian', 'pragmatist'),
        ends(
          'Explain the situation honestly and ask them what is fair.',
          'truth-teller',
          'bridge-builder',
        ),
      ),
      leads(
        'Find a way to help both of them.',
        'A church across town has a warm room, but someone would have to drive there.',
        'Drive one of them there yourself.',
        leads(
          'Drive the young woman, and leave the bed for the man.',
          'On the drive she tells you why she left home.',
          'Only one thing remains: what you do with what she told you.',
          ends('Listen, and leave her the number of someone who can help.', 'quiet-sage'),
        ),
      ),
    ],
  },
  {
    id: 'bank-14',
    prompt:
      'Your city offers a big tax break to a factory that would bring hundreds of jobs. It would also take water from a river that farms downstream depend on during dry summers.',
    options: 'Support the factory, oppose it, or make the deal depend on the river.',
    choices: [
      ends('Support it: work now is what families here are asking for.', 'pragmatist'),
      ends('Oppose it: the river has to outlast any single employer.', 'steward'),
      leads(
        'Support it only with binding limits on water use in dry months.',
        'The company accepts the limits but warns it may leave if they are ever tightened.',
        'Accept the risk, or bring the farmers to the table.',
        ends('Bring the farmers and the company to draft the limits together.', 'bridge-builder'),
        ends(
          'Accept the risk and make the limits public for anyone to check.',
          'truth-teller',
          'steward',
        ),
      ),
    ],
  },
];
