import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * WCAG 2.3.3: a person whose system asks for reduced motion (`prefers-reduced-motion: reduce`) gets none: every
 * transition and animation ends at once (a dialog is there, not fading in; a spinner stands still, still named
 * "Loading"). Also what the browser tests ask for: the animations' frames cost the 2-core machine's Chromium much.
 */
export const REDUCED_MOTION_CSS = `@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation-duration: 0.01ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    transition-delay: 0s !important;
    scroll-behavior: auto !important;
  }
}`;

/** The colours of both apps (the console's react-admin theme starts from the same options), and reduced motion. */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#a4123f' },
  },
  components: { MuiCssBaseline: { styleOverrides: REDUCED_MOTION_CSS } },
};

export const theme = createTheme(themeOptions);

/** §2/§9: the side menu is 250 wide and collapses under 1224 px; its state is remembered. */
export const DRAWER_WIDTH = 250;
export const DRAWER_COLLAPSE_QUERY = '(min-width:1224px)';
