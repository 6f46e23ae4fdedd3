import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterSent } from '../../../ui/lib/offline/outbox-effects';
import type { OutboxWrite } from '../../../ui/lib/offline/outbox-store';
import { queryKeys } from '../../../ui/lib/query-keys';

const echo: OutboxWrite = {
  key: 'k',
  kind: 'echo',
  path: '/api/echoes',
  owner: 'device',
  madeAt: new Date(0).toISOString(),
  text: '',
  about: { questionId: 7 },
} as OutboxWrite;

describe('a write that waited, once it is in', () => {
  it('has what it changed read again, not answered by a read begun before it was in', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let written = false;
    const answers: ((value: boolean) => void)[] = [];
    // Each read answers what Boon had when it began, whenever it is let through.
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.echoUsage,
      queryFn: () => {
        const seen = written;
        return new Promise<boolean>((resolve) => answers.push(() => resolve(seen)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // A read under way (the page asked on reconnecting) while the worker sends the write.
    expect(answers).toHaveLength(1);
    written = true;
    afterSent(client, echo, { position: '1' });
    await expect.poll(() => answers.length).toBe(2);
    answers.forEach((answer) => answer(true));
    await expect.poll(() => client.getQueryData(queryKeys.echoUsage)).toBe(true);
    unsubscribe();
  });
});
