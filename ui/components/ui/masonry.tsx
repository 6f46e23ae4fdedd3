import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

const GAP = 16;
const WIDE = '(min-width: 1024px)';
const MEDIUM = '(min-width: 768px)';

const subscribe = (listener: () => void) => {
  const queries = [WIDE, MEDIUM].map((q) => window.matchMedia(q));
  queries.forEach((q) => q.addEventListener('change', listener));
  return () => queries.forEach((q) => q.removeEventListener('change', listener));
};
const columnCount = () =>
  window.matchMedia(WIDE).matches ? 3 : window.matchMedia(MEDIUM).matches ? 2 : 1;

type Placed = { column: number; top: number };

/**
 * A reading layout: one column on phones; two or three on wider screens, where each card
 * keeps its own height and sits under the shortest column (masonry). Items stay in the
 * document in their given order (reading and tab order); a card keeps its column once
 * placed, so a reply thread opening in one card only moves the cards below it.
 */
export const Masonry = ({
  items,
  label,
}: {
  items: readonly { key: string; node: ReactNode }[];
  label: string;
}) => {
  const columns = useSyncExternalStore(subscribe, columnCount, () => 1);
  const container = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<{ placed: Map<string, Placed>; height: number }>({
    placed: new Map(),
    height: 0,
  });
  const assigned = useRef(new Map<string, number>());
  const assignedFor = useRef(columns);

  const measure = useCallback(() => {
    const root = container.current;
    if (!root || columns === 1) return;
    if (assignedFor.current !== columns) {
      assigned.current.clear();
      assignedFor.current = columns;
    }
    const heights = Array.from({ length: columns }, () => 0);
    const placed = new Map<string, Placed>();
    for (const element of root.querySelectorAll<HTMLElement>(':scope > [data-key]')) {
      const key = element.dataset.key!;
      let column = assigned.current.get(key);
      if (column === undefined) {
        column = heights.indexOf(Math.min(...heights));
        assigned.current.set(key, column);
      }
      placed.set(key, { column, top: heights[column]! });
      heights[column]! += element.offsetHeight + GAP;
    }
    setLayout({ placed, height: Math.max(0, Math.max(...heights) - GAP) });
  }, [columns]);

  useLayoutEffect(() => {
    measure();
    const root = container.current;
    if (!root || columns === 1) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    root.querySelectorAll(':scope > [data-key]').forEach((el) => observer.observe(el));
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [measure, items, columns]);

  if (columns === 1) {
    return (
      <div role="list" aria-label={label} className="flex flex-col gap-4">
        {items.map(({ key, node }) => (
          <div role="listitem" key={key}>
            {node}
          </div>
        ))}
      </div>
    );
  }
  const width = `calc((100% - ${(columns - 1) * GAP}px) / ${columns})`;
  return (
    <div
      ref={container}
      role="list"
      aria-label={label}
      className="relative"
      style={{ height: layout.height }}
    >
      {items.map(({ key, node }) => {
        const at = layout.placed.get(key);
        return (
          <div
            role="listitem"
            key={key}
            data-key={key}
            className="absolute top-0 left-0"
            style={{
              width,
              transform: at
                ? `translate(calc(${at.column} * (100% + ${GAP}px)), ${at.top}px)`
                : undefined,
              visibility: at ? undefined : 'hidden',
            }}
          >
            {node}
          </div>
        );
      })}
    </div>
  );
};
