// Dark mode follows the system until the user picks a theme with the toggle; the choice is remembered.
import { Button } from '@recell/ui/Button';
import { darkThemeClass, lightThemeClass } from '@recell/ui/theme';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useLayoutEffect, useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'recell.theme';

export const themeChoiceAtom = atomWithStorage<ThemeChoice>(THEME_STORAGE_KEY, 'system', undefined, {
  getOnInit: true,
});

const darkQuery = '(prefers-color-scheme: dark)';

function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(darkQuery);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(darkQuery).matches ?? false,
    // the build's static first frame (app/frame.tsx) has no system to ask; ThemeSync draws nothing anyway
    () => false,
  );
}

/**
 * Puts the light or dark theme class on <html>. Before the browser paints (a layout effect): every size, gap and
 * font size is a theme variable, so a first paint without the class was laid out unstyled and then jumped,
 * most of the pages' layout shift.
 */
export function ThemeSync() {
  const [choice] = useAtom(themeChoiceAtom);
  const systemDark = useSystemPrefersDark();
  const dark = choice === 'dark' || (choice === 'system' && systemDark);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(darkThemeClass, dark);
    root.classList.toggle(lightThemeClass, !dark);
    // readable outside the app (the class names are hashed): also tells that the app has drawn its first
    // render, which on a public page replaces the server's static frame (app/frame.tsx)
    root.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  return null;
}

const next: Record<ThemeChoice, ThemeChoice> = { system: 'dark', dark: 'light', light: 'system' };
const labels: Record<ThemeChoice, string> = {
  system: 'System theme',
  dark: 'Dark theme',
  light: 'Light theme',
};

/** Cycles system, dark and light; the button says which one is on. */
export function ThemeToggle() {
  const [choice, setChoice] = useAtom(themeChoiceAtom);
  return (
    <Button
      variant="ghost"
      onPress={() => setChoice(next[choice])}
      aria-label={`${labels[choice]} (change theme)`}
    >
      {labels[choice]}
    </Button>
  );
}
