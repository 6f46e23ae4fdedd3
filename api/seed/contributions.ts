import { addDays, type ProductDay } from '../../domain/shared/product-day';
import type { Random } from './random';
import { momentIn, type Seeder, type SeedWorld } from './world';

const topics = [
  'cities ban cars from their centres on weekends',
  'schools teach children how to argue with kindness',
  'people be paid for the care they give their parents',
  'a promise made under pressure still bind the one who made it',
  'museums return objects taken during colonial rule',
  'we forgive a friend who lied to protect us',
  'companies be allowed to read the messages sent on their phones',
  'a town decide by lottery who sits on its council',
];
const reasons = {
  approved: ['Timely and open-ended', 'A fresh angle', 'Good for discussion'],
  rejected: ['Asked recently', 'Too leading', 'Outside our scope'],
};

const question = (random: Random) => `Should ${random.pick(topics)}? Why or why not?`;

/**
 * People suggest ideas and submit questions now and then; at the end of the day one of two
 * admins (the configured one, or the curator it added) signs in, votes on and decides the
 * day's ideas with a reason, reviews the day's submissions (scheduling some approved ones a
 * few days ahead), and signs out: a moderation history by two admins the Audit tab can show.
 */
export const contributionsSeeder: Seeder = {
  name: 'brainstorm ideas, submitted questions and their moderation',
  day: async (world: SeedWorld, day: ProductDay) => {
    const { random } = world;
    world.at(momentIn(day, 0.4, world.rules));
    const contributors = random.sample(world.people, Math.min(6, world.people.length));
    const ideas: string[] = [];
    const submissions: string[] = [];
    for (const person of contributors) {
      if (random.chance(0.5)) {
        const made = await world.call(person, 'POST', '/api/brainstorm', {
          content: question(random),
        });
        if (made.status === 201) ideas.push(made.body.id);
      } else {
        const sent = await world.call(person, 'POST', '/api/submissions', {
          content: question(random),
        });
        if (sent.status === 201) submissions.push(sent.body.id);
      }
    }
    const admin = world.server.context.auth.admin;
    if (!admin) return;

    world.at(momentIn(day, 0.95, world.rules));
    const first = await world.call(null, 'POST', '/api/admin/login', {
      username: admin.username,
      password: admin.password,
    });
    if (first.status !== 200) return;
    // A second admin, added once by the first (a password only the configuration implies).
    const curator = { username: 'curator', password: `${admin.password}-curator` };
    await world.call(null, 'POST', '/api/admin/admins', curator, first.body.token as string);
    // The two take turns: some days the curator moderates.
    let token = first.body.token as string;
    if (random.chance(0.5)) {
      await world.call(null, 'POST', '/api/admin/logout', undefined, token);
      const second = await world.call(null, 'POST', '/api/admin/login', curator);
      if (second.status !== 200) return;
      token = second.body.token as string;
    }
    const as = (method: string, path: string, body?: unknown) =>
      world.call(null, method, path, body, token);
    for (const id of ideas) {
      await as('POST', `/api/brainstorm/${id}/vote`, {
        voteType: random.chance(0.7) ? 'up' : 'down',
      });
      const status = random.chance(0.6) ? 'approved' : 'rejected';
      await as('PATCH', `/api/brainstorm/${id}`, { status, reason: random.pick(reasons[status]) });
    }
    for (const id of submissions) {
      const status = random.chance(0.5) ? 'approved' : 'rejected';
      await as('PUT', `/api/admin/submissions/${id}`, {
        status,
        adminNotes: random.pick(reasons[status]),
      });
      // An approved submission is sometimes scheduled a few days ahead (a taken day is refused).
      if (status === 'approved' && random.chance(0.3)) {
        await as('POST', `/api/admin/submissions/${id}/schedule`, {
          scheduledDate: addDays(day, 3),
        });
      }
    }
    await as('POST', '/api/admin/logout');
  },
};
