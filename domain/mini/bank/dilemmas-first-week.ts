import { ends, leads, type BankDilemma } from './build';

/** Dilemma trees written for Boon: the first week. Ids and the order of choices are stable. */
export const firstWeek: BankDilemma[] = [
  {
    id: 'bank-01',
    prompt:
      'On a late bus you find a wallet wedged between the seats. Inside are €300 in cash, a library card and an ID with an address across town. The bus company’s office is closed until Monday.',
    options:
      'Return it yourself, hand it to the bus company, or keep the cash and post the ID back.',
    choices: [
      leads(
        'Take it to the address on the ID yourself.',
        'An elderly man opens the door. He says the wallet belongs to his grandson, whom he has not seen in months, and asks you to leave it with him.',
        'Trust the grandfather, or insist on finding the grandson.',
        ends('Leave the wallet with him and hope it brings them back together.', 'bridge-builder'),
        leads(
          'Politely insist on returning it to the grandson himself.',
          'You trace the grandson through the library card. He is grateful, and a little embarrassed to hear where you went first.',
          'Only one thing is left to decide: how much to tell him.',
          ends('Tell him plainly that you met his grandfather, and how he seemed.', 'truth-teller'),
        ),
      ),
      ends(
        'Keep it safe and hand it to the lost and found on Monday, exactly as the rules ask.',
        'rule-keeper',
      ),
      leads(
        'Keep the cash and post the ID back anonymously.',
        'A week later a notice on the bus stop asks for help: a student lost her rent money on that line.',
        'Return the money quietly, or let it go.',
        ends('Put the money in an envelope with a short apology.', 'quiet-sage'),
        ends(
          'Let it go: the money has already paid your own overdue bill.',
          'pragmatist',
          'free-spirit',
        ),
      ),
    ],
  },
  {
    id: 'bank-02',
    prompt:
      'Your close friend is about to sign a lease with a partner you know has been unfaithful. Nobody else knows what you saw, and your friend seems happier than in years.',
    options: 'Tell your friend, talk to the partner first, or stay out of it.',
    choices: [
      leads(
        'Tell your friend what you saw.',
        'Your friend is shaken and asks whether you are completely sure, and why you waited this long.',
        'Share every detail, or admit what you are not certain of.',
        ends('Share everything you know, even the parts that hurt.', 'truth-teller'),
        ends(
          'Admit your doubts and offer to stand by them whatever they decide.',
          'loyal-companion',
        ),
      ),
      leads(
        'Talk to the partner first and give them a chance to come clean.',
        'The partner promises it is over and begs you to let them tell your friend after the move.',
        'Accept the promise, or set a deadline.',
        ends('Set a firm deadline, and say you will speak up if it passes.', 'rule-keeper'),
        ends('Accept the promise and trust people to repair their own lives.', 'free-spirit'),
      ),
      ends(
        'Stay out of it: this is their relationship to navigate, not yours.',
        'free-spirit',
        'quiet-sage',
      ),
    ],
  },
  {
    id: 'bank-03',
    prompt:
      'You run a small bakery. A regular customer who is struggling asks to pay next week for the third week in a row. Other regulars have started to notice, and one asks for the same arrangement.',
    options:
      'Keep the credit going, set a clear rule for everyone, or look for a different kind of help.',
    choices: [
      leads(
        'Keep giving credit to the customer who is struggling.',
        'The unpaid total is now more than a day’s takings, and your supplier’s invoice is due.',
        'Write the debt off, or ask for a small repayment plan.',
        ends('Quietly write it off and absorb the loss.', 'guardian'),
        ends('Agree a small weekly repayment that respects both of you.', 'bridge-builder'),
      ),
      ends('Set one credit rule and apply it to every customer alike.', 'rule-keeper'),
      leads(
        'Look for help that does not depend on your till.',
        'A neighbourhood food network would take your unsold bread each evening, but it means less profit from discounted sales.',
        'Join the network, or start a pay-it-forward board in the shop.',
        ends('Join the network and give your surplus away each night.', 'steward'),
        ends(
          'Start a pay-it-forward board so customers can fund each other’s bread.',
          'reformer',
          'pragmatist',
        ),
      ),
    ],
  },
  {
    id: 'bank-04',
    prompt:
      'At work you discover that a popular product your team shipped collects more location data than the privacy notice admits. Fixing it would delay the launch your manager has promised to investors.',
    options: 'Raise it inside the company, fix it quietly, or go outside the company.',
    choices: [
      leads(
        'Raise it with your manager in writing.',
        'Your manager thanks you but asks you to wait until after the launch, when a fix can be scheduled.',
        'Accept the delay, or take it higher.',
        ends('Accept a dated plan for the fix and hold your manager to it.', 'pragmatist'),
        leads(
          'Take it to the company’s privacy officer.',
          'The privacy officer opens a review; colleagues start to ask who complained.',
          'You can only decide how to carry yourself now.',
          ends(
            'Tell your colleagues openly that you raised it, and why.',
            'truth-teller',
            'reformer',
          ),
        ),
      ),
      ends(
        'Quietly change the code so it collects only what the notice says, and tell no one.',
        'guardian',
        'quiet-sage',
      ),
      leads(
        'Contact a journalist who covers data privacy.',
        'The journalist is interested but needs documents you are not supposed to share.',
        'Share the documents, or only describe the problem.',
        ends('Share the documents: people have a right to know.', 'reformer'),
        ends('Describe the problem without breaking your confidentiality terms.', 'rule-keeper'),
      ),
    ],
  },
  {
    id: 'bank-05',
    prompt:
      'Your town must choose between keeping an old community garden and turning the land into affordable housing. You sit on the volunteer committee that advises the council.',
    options: 'Defend the garden, back the housing, or look for a compromise.',
    choices: [
      ends(
        'Defend the garden: green space and shared soil are what future residents will need most.',
        'steward',
      ),
      leads(
        'Back the housing: families need homes now.',
        'Gardeners accuse the committee of ignoring the people who built the garden over twenty years.',
        'Hold firm, or meet the gardeners first.',
        ends('Hold firm: the waiting list for homes is the more urgent harm.', 'pragmatist'),
        ends('Meet the gardeners and listen before the vote.', 'bridge-builder', 'quiet-sage'),
      ),
      leads(
        'Propose a compromise: build on part of the land and keep part as garden.',
        'The architect says the compromise means fewer homes and a smaller garden, and nobody is fully satisfied.',
        'Push the compromise through, or put it to a vote of residents.',
        ends('Push it through: a fair split matters more than applause.', 'bridge-builder'),
        ends('Put it to a residents’ vote and accept the result.', 'rule-keeper', 'free-spirit'),
      ),
    ],
  },
  {
    id: 'bank-06',
    prompt:
      'Your teenage cousin, who is staying with you for the summer, tells you in confidence that a friend of theirs is being pressured into sharing private photos online.',
    options: 'Keep the confidence, tell the friend’s parents, or help your cousin act.',
    choices: [
      ends('Tell the friend’s parents, even though your cousin begged you not to.', 'guardian'),
      leads(
        'Keep the confidence, but stay close to your cousin.',
        'A week later your cousin says things have got worse and the friend has stopped eating.',
        'Keep waiting, or act now.',
        leads(
          'Act now, and tell your cousin you are going to.',
          'Your cousin is upset but understands once you explain why.',
          'All that remains is how you will step in.',
          ends(
            'Go with your cousin to a school counsellor together.',
            'guardian',
            'loyal-companion',
          ),
        ),
        ends('Keep your promise and trust your cousin to tell you when to act.', 'loyal-companion'),
      ),
      leads(
        'Help your cousin work out what they can do themselves.',
        'Together you find the platform’s reporting tools and a youth helpline.',
        'Report it for them, or let your cousin decide.',
        ends('Let your cousin decide, with you beside them.', 'free-spirit'),
        ends('Report the account yourself so your cousin carries less.', 'pragmatist'),
      ),
    ],
  },
  {
    id: 'bank-07',
    prompt:
      'In a group project, one teammate has done almost nothing. The deadline is tomorrow, and the grade will be shared equally unless someone reports uneven work to the teacher.',
    options: 'Report it, cover for them, or confront them first.',
    choices: [
      ends('Report it: a shared grade should reflect shared work.', 'rule-keeper'),
      ends(
        'Cover for them: you do not know what is happening in their life.',
        'loyal-companion',
        'guardian',
      ),
      leads(
        'Talk to them directly before deciding.',
        'They admit they have been working nights to support their family and are ashamed.',
        'Keep it between you, or ask the teacher for a fairer arrangement.',
        ends('Keep it between you and split the last tasks to fit their time.', 'bridge-builder'),
        ends(
          'Ask the teacher to change the rules for students who work.',
          'reformer',
          'truth-teller',
        ),
      ),
    ],
  },
];
