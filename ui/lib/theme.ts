import { atom, useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { readLocal, writeLocal } from './device-identity';

export type ThemeChoice = 'light' | 'dark' | 'system';
const THEME_KEY = 'boon-theme';

const stored = (): ThemeChoice => {
  const value = readLocal(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
};

export const themeAtom = atom<ThemeChoice>(stored());

const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The chosen theme, the one actually shown, and a setter; 'system' follows the device live. */
export const useTheme = () => {
  const [choice, setChoice] = useAtom(themeAtom);
  // Rendered ahead of time (the build's prerender) there is no device preference yet.
  const [systemDark, setSystemDark] = useState(
    () => typeof window !== 'undefined' && prefersDark().matches,
  );
  useEffect(() => {
    const media = prefersDark();
    const handleChange = () => setSystemDark(media.matches);
    media.addEventListener('change', handleChange);
    return () => media.removeEventListener('change', handleChange);
  }, []);
  const actual: 'light' | 'dark' = choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
  useEffect(() => {
    document.documentElement.classList.toggle('dark', actual === 'dark');
  }, [actual]);
  const choose = (next: ThemeChoice) => {
    writeLocal(THEME_KEY, next);
    setChoice(next);
  };
  return { choice, actual, choose };
};
