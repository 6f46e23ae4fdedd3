import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type Tab<K extends string> = { key: K; label: string; content: ReactNode };

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
        role="tablist"
        aria-label={label}
        onKeyDown={handleKey}
        className="flex gap-1 overflow-x-auto border-b border-stone-300 dark:border-stone-700"
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
              className={`-mb-px border-b-2 px-4 py-2 font-medium whitespace-nowrap ${
                selected
                  ? 'border-amber-700 text-amber-800 dark:border-amber-400 dark:text-amber-400'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
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
        className="pt-6"
      >
        {current.content}
      </div>
    </div>
  );
};
