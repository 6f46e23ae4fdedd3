import { describe, expect, it } from 'vitest';
import { waitingText } from '../../ui/lib/thoughts-waiting';

describe('what the answer gate and Home say is waiting', () => {
  it('counts thoughts, singular and plural, with the count in en-US digits', () => {
    expect(waitingText(1, true)).toBe('1 thought is waiting for yours');
    expect(waitingText(2, true)).toBe('2 thoughts are waiting for yours');
    expect(waitingText(12_345, false)).toBe('12,345 thoughts are waiting for yours');
  });

  it('invites the first thought on today’s question, and says nothing of an empty past one', () => {
    expect(waitingText(0, true)).toBe('Be the first to share a thought today');
    expect(waitingText(0, false)).toBeNull();
  });
});
