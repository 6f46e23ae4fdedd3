import { z } from 'zod';
import { defineEvent } from '../shared/events';

/** A person wrote (or cleared, with null) the short bio on their profile; sealed with their key. */
export const ProfileBioChanged = defineEvent({
  type: 'ProfileBioChanged',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    bio: z.string().min(1).nullable(),
    at: z.iso.datetime(),
  }),
  sealed: {
    subject: (data: { personId: string }) => data.personId,
    fields: ['bio'] as const,
  },
});

export type BioEvent = {
  type: 'ProfileBioChanged';
  data: z.infer<typeof ProfileBioChanged.schema>;
};
