// The app's current colour scheme (auto, dark or light), owned by the app layout: the header's toggle,
// mod+J and the profile page all change it through here, so every control shows the same value.
import { createContext, useContext } from 'react';
import type { ColorScheme } from '../../config/color-scheme';

export interface ColorSchemeContextValue {
  colorScheme: ColorScheme;
  /** Applies the scheme at once and saves it in localStorage. */
  setColorScheme: (scheme: ColorScheme) => void;
}

export const ColorSchemeContext = createContext<ColorSchemeContextValue | undefined>(undefined);

export function useColorScheme(): ColorSchemeContextValue {
  const value = useContext(ColorSchemeContext);
  if (!value) throw new Error('useColorScheme must be used inside the app layout');
  return value;
}
