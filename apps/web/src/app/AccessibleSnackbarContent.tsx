import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's own colours put white text on #43a047 (success, 3.3:1) and #ff9800 (warning, 2.2:1): below
 * WCAG AA. The notifications take the theme's status colours instead, with the theme's contrast text (the
 * theme computes it for 4.5:1), in light and dark mode alike.
 */
export const AccessibleSnackbarContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
  '&.notistack-MuiContent-info': {
    backgroundColor: theme.palette.info.main,
    color: theme.palette.info.contrastText,
  },
}));

/** The `Components` of the SnackbarProvider: every coloured variant. */
export const SNACKBAR_COMPONENTS = {
  success: AccessibleSnackbarContent,
  error: AccessibleSnackbarContent,
  warning: AccessibleSnackbarContent,
  info: AccessibleSnackbarContent,
};
