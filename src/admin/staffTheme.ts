import { createTheme } from '@mui/material/styles';
import { theme } from '../customer/theme';

/**
 * The customer site's theme (issue 4: the same look), tightened for forms of many fields: staff
 * inputs sit closer together, as react-admin's inputs already keep room for their helper text.
 */
export const staffTheme = createTheme(theme, {
  components: {
    MuiTextField: { defaultProps: { margin: 'dense' } },
  },
});
