import * as ScrollArea from '@radix-ui/react-scroll-area';
import { useEffect, useRef, type ReactNode } from 'react';

/** How long the scrollbar stays after scrolling stops. */
const SCROLLBAR_HIDE_DELAY_MS = 600;

/**
 * The messages' scrolling area: its scrollbar shows while scrolling and hides 600 ms after;
 * it follows new messages to the bottom unless the reader scrolled up to read older ones.
 */
export const MessageScroller = ({ count, children }: { count: number; children: ReactNode }) => {
  const viewport = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const element = viewport.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <ScrollArea.Root
      type="scroll"
      scrollHideDelay={SCROLLBAR_HIDE_DELAY_MS}
      className="relative min-h-0 flex-1 overflow-hidden"
    >
      <ScrollArea.Viewport
        ref={viewport}
        className="size-full rounded-md focus-visible:outline-2 focus-visible:outline-accent"
        role="log"
        aria-label="Chat messages"
        tabIndex={0}
        onScroll={(event) => {
          const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
          pinned.current = scrollHeight - scrollTop - clientHeight < 48;
        }}
      >
        {children}
      </ScrollArea.Viewport>
      <ScrollArea.Scrollbar
        orientation="vertical"
        className="flex w-2.5 touch-none p-0.5 select-none"
        data-testid="chat-scrollbar"
      >
        <ScrollArea.Thumb className="relative flex-1 rounded-full bg-line-strong" />
      </ScrollArea.Scrollbar>
    </ScrollArea.Root>
  );
};
