import WebSocket from 'ws';
import type { ChoiceDto } from '../../domain/contracts/mini';
import type { LiveChatServerMessage } from '../../domain/contracts/mini-live-chat';
import { addDays, productDayOf, type ProductDay } from '../../domain/shared/product-day';
import { momentIn, type Person, type Seeder, type SeedWorld } from './world';

/** Mini is written for the last few days only: journeys need a signed-in session each day. */
const MINI_DAYS = 3;
const TRAVELERS_PER_DAY = 8;
const PASSWORD = 'seeded traveler password';

const RESULT_CHAT = [
  'Did anyone else hesitate at the last step?',
  'I surprised myself with this one.',
  'Honesty felt expensive today, but right.',
  'I keep wondering what I would do if it were my own family.',
];
const LIVE_CHAT = [
  'Good evening, everyone. What did today’s dilemma ask of you?',
  'I went with the rules, and I am still not sure.',
  'Kindness first for me, then the rules.',
  'I love reading how differently we all walked it.',
];

/** People with an account (the journeys are theirs), by device id: their email. */
const accounts = new WeakMap<SeedWorld, Map<string, string>>();

/** A fresh session for `person`: an account the first time (through the mailed link), then a sign-in. */
const sessionOf = async (world: SeedWorld, person: Person): Promise<string | null> => {
  const known = accounts.get(world) ?? new Map<string, string>();
  accounts.set(world, known);
  const email = known.get(person.deviceId);
  if (email) {
    const signIn = await world.call(person, 'POST', '/api/auth/signin', {
      email,
      password: PASSWORD,
    });
    return signIn.status === 200 ? (signIn.body.access_token as string) : null;
  }
  const outbox = world.server.context.mail.outbox;
  if (!outbox) return null;
  const address = `traveler-${person.deviceId.slice(0, 10).toLowerCase()}@example.org`;
  const signUp = await world.call(person, 'POST', '/api/auth/signup', {
    email: address,
    password: PASSWORD,
    data: { confirmed: false },
  });
  if (signUp.status !== 202) return null;
  const link = outbox
    .entries()
    .filter((m) => m.to === address)
    .flatMap((m) => m.links)
    .find((l) => new URL(l).pathname === '/auth/verify');
  if (!link) return null;
  // Followed in the browser that signed up: its sign-up token completes the sign-up.
  const verified = await world.call(person, 'POST', '/api/auth/verify', {
    token: new URL(link).searchParams.get('token'),
    signup_token: signUp.body.signup_token,
  });
  if (verified.status !== 200) return null;
  known.set(person.deviceId, address);
  return verified.body.access_token as string;
};

/** Walks today's dilemma to an end, choosing at random, and saves the result the server decides. */
const walk = async (world: SeedWorld, person: Person, token: string) => {
  const current = await world.call(person, 'GET', '/api/mini/current', undefined, token);
  if (current.status !== 200 || !current.body) return null;
  const dilemmaId = current.body.id as string;
  const path: string[] = [];
  let options = (
    await world.call(person, 'GET', `/api/mini/dilemma/${dilemmaId}/choices`, undefined, token)
  ).body as ChoiceDto[];
  while (options.length > 0 && path.length < 5) {
    const choice = world.random.pick(options);
    path.push(choice.id);
    options = (
      await world.call(person, 'GET', `/api/mini/choice/${choice.id}/choices`, undefined, token)
    ).body as ChoiceDto[];
  }
  const saved = await world.call(person, 'POST', '/api/mini/result', { dilemmaId, path }, token);
  return saved.status === 201 || saved.status === 200
    ? { dilemmaId, archetypeId: saved.body.archetypeId as string }
    : null;
};

/** Says one thing in the live chat over its socket, as the page does, and leaves. */
const sayLive = (world: SeedWorld, person: Person, content: string) =>
  new Promise<void>((resolve) => {
    const socket = new WebSocket(`${world.server.url.replace('http', 'ws')}/mini-chat`);
    const done = () => {
      socket.close();
      resolve();
    };
    socket.once('error', done);
    socket.once('close', () => resolve());
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'identify', deviceId: person.deviceId })),
    );
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as LiveChatServerMessage;
      if (frame.type === 'userList') socket.send(JSON.stringify({ type: 'message', content }));
      if (frame.type === 'error') done();
      if (frame.type === 'message' && frame.message.content === content) {
        world.written++;
        done();
      }
    });
  });

/** The last days' Mini journeys of a few people with accounts, their travelers' chat, and the live chat. */
export const miniSeeder: Seeder = {
  name: 'mini journeys and chats',
  day: async (world: SeedWorld, day: ProductDay) => {
    const today = productDayOf(new Date(), world.rules);
    if (day < addDays(today, 1 - MINI_DAYS)) return;
    const { random } = world;
    world.at(momentIn(day, 0.6, world.rules));
    const travelers = random.sample(world.people, Math.min(TRAVELERS_PER_DAY, world.people.length));
    for (const person of travelers) {
      const token = await sessionOf(world, person);
      if (!token) continue;
      const result = await walk(world, person, token);
      if (!result || !random.chance(0.6)) continue;
      await world.call(
        person,
        'POST',
        `/api/mini/dilemma/${result.dilemmaId}/archetype/${result.archetypeId}/chat`,
        { content: random.pick(RESULT_CHAT) },
        token,
      );
    }
    world.at(momentIn(day, 0.85, world.rules));
    for (const person of random.sample(travelers, Math.min(3, travelers.length))) {
      await sayLive(world, person, random.pick(LIVE_CHAT));
    }
  },
};
