import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

export type Tab<K extends string> = { key: K; label: string; content: ReactNode };

type Hidden = { start: boolean; end: boolean };

/** Which ends of a scrolling row have tabs out of sight, kept as it scrolls or resizes. */
const useHiddenEnds = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ start: false, end: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setHidden((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    // Test DOMs (jsdom) have no ResizeObserver; a browser always does.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, []);
  return { ref, hidden };
};

/** Fades the ends that have tabs beyond them, so a row cut by the screen shows that it scrolls. */
const fadeOf = ({ start, end }: Hidden): CSSProperties | undefined => {
  if (!start && !end) return undefined;
  const from = start ? 'transparent, #000 2.5rem' : '#000';
  const to = end ? '#000 calc(100% - 2.5rem), transparent' : '#000';
  const mask = `linear-gradient(to right, ${from}, ${to})`;
  return { maskImage: mask, WebkitMaskImage: mask };
};

const hiddenName = ({ start, end }: Hidden) =>
  start && end ? 'both' : start ? 'start' : end ? 'end' : undefined;

/**
 * An accessible tab list: arrow keys, Home and End move between tabs (roving tabindex),
 * and each panel is labelled by its tab.
 */
export const Tabs = <K extends string>({
  label,
  tabs,
  active,
  onChange,
}: {
  label: string;
  tabs: readonly Tab<K>[];
  active: K;
  onChange: (key: K) => void;
}) => {
  const id = useId();
  const { ref: rowRef, hidden } = useHiddenEnds();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = tabs.findIndex((tab) => tab.key === active);
  const move = (to: number) => {
    const tab = tabs[(to + tabs.length) % tabs.length]!;
    onChange(tab.key);
    refs.current.get(tab.key)?.focus();
  };
  const handleKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  };
  const current = tabs[index] ?? tabs[0]!;
  return (
    <div>
      <div
        ref={rowRef}
        role="tablist"
        aria-label={label}
        onKeyDown={handleKey}
        data-more={hiddenName(hidden)}
        style={fadeOf(hidden)}
        className="flex gap-1 overflow-x-auto border-b border-line"
      >
        {tabs.map((tab) => {
          const selected = tab.key === current.key;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              className={`-mb-px min-h-11 border-b-2 px-2.5 py-2 font-medium whitespace-nowrap transition-colors sm:px-4 ${
                selected
                  ? 'border-accent text-accent-ink'
                  : 'border-transparent text-ink-muted hover:text-ink'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${current.key}`}
        aria-labelledby={`${id}-tab-${current.key}`}
        tabIndex={0}
        className="rounded-sm pt-6"
      >
        {current.content}
      </div>
    </div>
  );
};
