import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { z as zod } from 'zod';
import { z } from '../../ui/lib/zod-inert';

// As the browser bundle has it (vite.config.ts): every module this file loads gets the stand-in.
vi.mock('zod', () => import('../../ui/lib/zod-inert'));

const inert = z as typeof zod;
const contracts = join(import.meta.dirname, '../../domain/contracts');

describe('zod in the browser bundle: an inert stand-in', () => {
  it('builds any schema, and refuses to validate with one', () => {
    const schema = inert.strictObject({
      content: inert.string({ error: 'content must be a string' }).trim().min(1).max(5),
      kind: inert.enum(['a', 'b'], { error: () => 'kind is a or b' }).optional(),
      at: inert.iso.datetime().nullable(),
    });
    expect(() => schema.parse({})).toThrow(/left out of the browser bundle.*cannot parse/);
    expect(() => schema.safeParse({})).toThrow(/cannot safeParse/);
    expect(() => schema.shape.content.parse('x')).toThrow(/cannot parse/);
  });

  it('is neither a list, nor text, nor a promise', async () => {
    const list = inert.array(inert.string()) as unknown as Iterable<unknown>;
    expect(() => [...list]).toThrow(/cannot be read as a list/);
    expect(() => `${String(list)}`).toThrow(/cannot be read as text/);
    await expect(Promise.resolve(list)).resolves.toBe(list);
  });

  it('lets every contract module load, its constants intact', async () => {
    const modules = readdirSync(contracts).filter((file) => file.endsWith('.ts'));
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules) await import(join(contracts, file));
    const { REACTION_EMOJI, noReactions, toggleReactionBody } =
      await import('../../domain/contracts/reactions');
    expect(REACTION_EMOJI).toEqual(['💡', '🤔', '❤️', '👏', '🙏', '😮']);
    expect(noReactions()['💡']).toBe(0);
    expect(() => toggleReactionBody.parse({ emoji: '💡' })).toThrow(/left out of the browser/);
  });
});
