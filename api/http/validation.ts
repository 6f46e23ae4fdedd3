import type { z } from 'zod';
import { DomainError } from '../../domain/shared/errors';

const fieldOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'unrecognized_keys') return issue.keys.join(', ');
  return issue.path.length > 0 ? issue.path.join('.') : 'body';
};

const messageOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return `${fieldOf(issue)} is required`;
  }
  return issue.message;
};

/** Parses input with a zod schema; a mistake becomes a 400 problem naming the field. */
export const parseInput = <S extends z.ZodType>(
  schema: S,
  input: unknown,
  what = 'body',
): z.infer<S> => {
  const result = schema.safeParse(input ?? (what === 'body' ? undefined : {}), {
    reportInput: true,
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (input === undefined && what === 'body') {
    throw new DomainError('invalid', 'Invalid request', 'A JSON body is required.', 'body');
  }
  throw new DomainError('invalid', 'Invalid request', messageOf(issue), fieldOf(issue));
};
