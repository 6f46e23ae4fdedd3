import { useEffect } from 'react';

/** Each route names itself in the tab and the history: 'Today's question · Boon'. */
export const usePageTitle = (title: string | null) => {
  useEffect(() => {
    if (title) document.title = `${title} · Boon`;
  }, [title]);
};
