import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** The colours of both apps (the console's react-admin theme starts from the same options). */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#a4123f' },
  },
};

export const theme = createTheme(themeOptions);

/** §2/§9: the side menu is 250 wide and collapses under 1224 px; its state is remembered. */
export const DRAWER_WIDTH = 250;
export const DRAWER_COLLAPSE_QUERY = '(min-width:1224px)';
