import { defaultReminderSettings, REMINDER_FREQUENCIES } from '../../domain/contracts/reminders';
import type { ProductDay } from '../../domain/shared/product-day';
import { inParallel, momentIn, type Seeder, type SeedWorld } from './world';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles'];
const CUSTOM = ['Call a friend', 'Evening walk', 'Read one chapter', 'Gratitude list'];
const BIOS = [
  'Teacher, gardener, slow reader.',
  'Here to think out loud and listen more than I speak.',
  'Nurse on night shifts; questions keep me company.',
];

const time = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** Now and then someone sets their reminders to their own day, or writes a short bio. */
export const remindersSeeder: Seeder = {
  name: 'reminders and bios',
  day: async (world: SeedWorld, day: ProductDay) => {
    const { random } = world;
    world.at(momentIn(day, 0.3, world.rules));
    const planners = world.people.filter(() => random.chance(0.05));
    await inParallel(planners, 8, async (person) => {
      const defaults = defaultReminderSettings(random.pick(ZONES));
      const frequency = random.pick(REMINDER_FREQUENCIES);
      await world.call(person, 'PUT', '/api/user/reminders', {
        ...defaults,
        dailyQuestion: { ...defaults.dailyQuestion, time: time(random.int(6, 10), 0) },
        streakProtection: { ...defaults.streakProtection, enabled: random.chance(0.7) },
        custom: random.chance(0.4)
          ? [
              {
                title: random.pick(CUSTOM),
                enabled: true,
                time: time(random.int(7, 21), random.pick([0, 15, 30, 45])),
                frequency,
                weekday: frequency === 'weekly' ? 'saturday' : null,
              },
            ]
          : [],
      });
      if (random.chance(0.3)) {
        await world.call(person, 'PUT', '/api/user/bio', { bio: random.pick(BIOS) });
      }
    });
  },
};
